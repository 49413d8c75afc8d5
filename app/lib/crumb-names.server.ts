import type { DealerView } from "../../core/dealers/dealers.server.ts";
import { listMakes } from "../../core/catalogue/makes.server.ts";
import { findRangeModel } from "../../core/catalogue/ranges.server.ts";
import { blogPostsModel } from "../../core/content/blog.server.ts";
import { dealsModel } from "../../core/content/deals.server.ts";
import type { AppContext } from "../load-context.ts";
import type { CrumbNames } from "./scope.ts";

type Params = Partial<Record<string, string>>;
type NameSources = Pick<AppContext, "readModels" | "usedStock">;

/**
 * What the site calls the things a path names (decision 078): the dealer, make, model and variant, the used
 * vehicle, the blog post or the special, each keyed by its path segment. The breadcrumbs and their JSON-LD
 * show these instead of the segment; a segment without a name here keeps its hyphens-to-spaces label.
 */
export async function crumbNamesOf(
  sources: NameSources,
  params: Params,
  pathname: string,
  dealerInRoute: DealerView | null,
): Promise<CrumbNames> {
  const [catalogue, vehicle, article] = await Promise.all([
    catalogueNames(sources, params),
    params.make && params.model ? vehicleName(sources, params.id) : null,
    articleName(sources, params.slug, pathname),
  ]);
  return {
    ...catalogue,
    ...(dealerInRoute && params.dealerName ? { [params.dealerName]: dealerInRoute.dealerName } : {}),
    ...(vehicle && params.id ? { [params.id]: vehicle } : {}),
    ...(article && params.slug ? { [params.slug]: article } : {}),
    ...privateLinkNames(params, pathname),
  };
}

/** The make, model and new variant of the path, as the catalogue names them. */
async function catalogueNames(sources: NameSources, { make, model, variant }: Params): Promise<CrumbNames> {
  if (!make) return {};
  const names: Record<string, string> = {};
  const known = (await listMakes(sources.readModels)).find((entry) => entry.slug === make);
  if (!known) return names;
  names[make] = known.name;
  const knownModel = model ? known.models.find((entry) => entry.slug === model) : undefined;
  if (model && knownModel) names[model] = knownModel.name;
  if (model && variant) {
    const range = await findRangeModel(sources.readModels, make, model);
    const named = range?.variants.find((entry) => entry.variant_slug === variant);
    if (named) names[variant] = named.variant;
  }
  return names;
}

/** A used vehicle as its page's heading names it: year, make and model. */
async function vehicleName(sources: NameSources, id: string | undefined): Promise<string | null> {
  if (!id || !/^\d{1,9}$/.test(id)) return null;
  const vehicle = await sources.usedStock.vehicle(Number(id));
  if (!vehicle || vehicle.status === "Draft") return null;
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** A buyer's own link carries a token or id that means nothing to read: the crumb says whose page it is. */
function privateLinkNames({ token, id }: Params, pathname: string): CrumbNames {
  if (token) return { [token]: "Your alert" };
  if (id && pathname.startsWith("/appointments/")) return { [id]: "Your appointment" };
  return {};
}

/** The title of the blog post or the special a /blog/{slug} or /specials/{slug} path names. */
async function articleName(sources: NameSources, slug: string | undefined, pathname: string): Promise<string | null> {
  if (!slug) return null;
  const segments = pathname.split("/").filter(Boolean);
  const section = segments[segments.indexOf(slug) - 1];
  if (section === "blog") {
    const posts = await sources.readModels.read(blogPostsModel);
    return posts.find((post) => post.slug === slug)?.title ?? null;
  }
  const deals = await sources.readModels.read(dealsModel);
  return deals.find((deal) => deal.slug === slug)?.title ?? null;
}
