import { listDealersNamed } from "../../../core/dealers/dealers.ts";
import { DealerCard } from "../../components/dealer-card.tsx";
import { dealerFromMatches, pageTitle } from "../../lib/meta.ts";
import type { Route } from "./+types/honda-wing";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Honda Wing motorcycle dealers", dealerFromMatches(matches)) },
    { name: "description", content: "Honda Wing: the group's Honda motorcycle dealers. New motorcycles, scooters and adventure bikes, service and genuine parts." },
  ];
}

/** SPEC section 2: /honda-wing is a dealer listing of the wing dealers (names containing 'wing'). */
export async function loader({ context }: Route.LoaderArgs) {
  return { dealers: await listDealersNamed(context.db, "wing") };
}

export default function HondaWing({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <section className="bg-gradient-to-r from-brand-grey to-brand-grey-light text-white">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h1 className="text-3xl font-bold sm:text-4xl">Honda Wing</h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-100">
            Honda motorcycles, from commuter scooters to adventure tourers, sold and serviced by our Honda Wing dealers.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h2 className="text-2xl font-bold">Honda Wing dealers</h2>
        {loaderData.dealers.length === 0 ? (
          <p className="mt-4">There are no Honda Wing dealers listed at the moment.</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.dealers.map((dealer) => (
              <li key={dealer.slug} className="flex">
                <DealerCard dealer={dealer} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
