import { NotFoundContent } from "../../components/ErrorPages.tsx";

export default function NotFoundPage() {
  return <NotFoundContent />;
}
