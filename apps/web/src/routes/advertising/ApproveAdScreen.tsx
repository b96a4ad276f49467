import { ApproveAdPage } from "./AdQueuePage.tsx";

export default ApproveAdPage;
