import { Link } from "react-router";
import { pageTitle } from "../lib/meta.ts";

/** What a retired model's page answers with its 410 when no successor takes its visitors (app/routes/browse/model.tsx). */
export type RetiredModelAnswer = { retired: string; rangePath: string };

export function isRetiredModelAnswer(data: unknown): data is RetiredModelAnswer {
  const answer = data as Partial<RetiredModelAnswer> | null;
  return typeof answer?.retired === "string" && typeof answer.rangePath === "string";
}

/** The page of a model that has left the range: it says so and links to the models on sale. */
export function RetiredModel({ retired, rangePath }: RetiredModelAnswer) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{pageTitle(`${retired} is no longer sold`)}</title>
      <h1 className="text-3xl font-bold text-brand-grey">The {retired} is no longer sold</h1>
      <p className="mt-4 text-lg text-brand-grey-light">
        It has left the range. Our used cars of this model are not affected.
      </p>
      <Link
        to={rangePath}
        className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark"
      >
        See the models on sale
      </Link>
    </section>
  );
}
