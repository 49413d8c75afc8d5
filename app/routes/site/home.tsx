import { HomeSections } from "../../components/home-sections.tsx";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import type { Route } from "./+types/home";
import { loadHomeData } from "./home-data.server.ts";

export function meta() {
  return [
    { title: "Honda Dealer Group | New and used Honda cars and motorcycles in South Africa" },
    {
      name: "description",
      content:
        "New Honda cars and Honda Wing motorcycles, used and demo vehicles, specials, service and genuine parts from Honda dealers across South Africa.",
    },
  ];
}

/** The home path is group-wide (SPEC section 1: visiting it clears the chosen dealer). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.db, request, params);
  return loadHomeData(context.db, scope.dealer);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HomeSections
      data={loaderData}
      dealerSlug={null}
      title="Find your next Honda"
      intro="New Honda cars and Honda Wing motorcycles, quality used and demo vehicles, and service you can trust, from Honda dealers across South Africa."
    />
  );
}
