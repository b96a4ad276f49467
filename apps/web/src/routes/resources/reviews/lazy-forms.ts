import { lazy } from "react";

/**
 * The reviews' forms carry the domain's schemas, and so zod: each loads on its own when it is first shown
 * (a reader who may write a review, a creator replying, a report), never with the section a visitor sees.
 */
export const ReviewForm = lazy(() => import("./ReviewForm.tsx"));
export const ReplyForm = lazy(() => import("./ReplyForm.tsx"));
export const ReportForm = lazy(() => import("./ReportForm.tsx"));
