import { Link } from "react-router";

/** /advertising/{id}/submitted. */
export default function AdSubmittedPage() {
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">Your ad is submitted</h1>
      <p>Thank you! A reviewer will look at it soon; it starts running once approved.</p>
      <Link to="/advertising/manage" className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
        Your ads
      </Link>
    </section>
  );
}
