import { Link } from "react-router";

/** product.md §2: the not-found page. */
export function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-grey">Page not found</h1>
      <p className="mt-4 text-lg text-brand-grey-light">The page you&apos;re looking for does not exist.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
      >
        Back Home
      </Link>
    </section>
  );
}
