import { Link } from "react-router";
import { listDealers } from "../../../core/dealers/dealers.ts";
import type { Route } from "./+types/home";

export function meta() {
  return [
    { title: "Honda Dealer Group | New and used Honda cars and motorcycles in South Africa" },
    {
      name: "description",
      content: "New Honda cars and Honda Wing motorcycles, used and demo vehicles, specials, service and finance from Honda dealers across South Africa.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { dealers: await listDealers(context.db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold">Honda Dealer Group</h1>
      <p className="mt-4 text-lg">New Honda cars and Honda Wing motorcycles, used and demo vehicles from our dealers.</p>
      <h2 className="mt-10 text-2xl font-semibold">Our dealers</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {loaderData.dealers.map((dealer) => (
          <li key={dealer.slug} className="rounded border border-gray-200 p-4">
            <Link to={dealer.uri} className="font-semibold text-brand-red underline">
              {dealer.dealerName}
            </Link>
            <p className="text-sm">{dealer.address}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
