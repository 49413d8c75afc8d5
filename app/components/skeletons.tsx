import { type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { sectionPath } from "../lib/navigation.ts";

type SkeletonKind = "home" | "cards" | "model" | "dealers" | "blog";

/** Which skeleton stands in for a page while client-side navigation loads it (product.md §2: skeletons for each list or detail). */
export function skeletonKindFor(pathname: string): SkeletonKind | null {
  if (pathname === "/") return "home";
  const path = pathname.replace(/^\/dealer\/[^/]+(?=\/)/, "").replace(/\/$/, "");
  if (/^\/(new|new\/[^/]+|specials)$/.test(path)) return "cards";
  if (/^\/(new|honda-wing)\/[^/]+\/[^/]+$/.test(path)) return "model";
  const section = sectionPath(pathname.replace(/\/+$/, "") || "/");
  if (section === "/dealer" || section === "/honda-wing" || section === "/contact") return "dealers";
  if (section === "/blog") return "blog";
  return null;
}

/** How long a navigation may take before the skeleton shows, so fast pages do not flash. */
const SKELETON_DELAY_MS = 150;

/**
 * Wrap the layout's <Outlet />: while the router loads a page that has a skeleton, the skeleton replaces
 * the old page; otherwise the children show unchanged.
 */
export function RouteSkeleton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" && navigation.location ? navigation.location.pathname : null;
  const kind = target && target !== pathname ? skeletonKindFor(target) : null;
  const [shown, setShown] = useState<SkeletonKind | null>(null);
  useEffect(() => {
    if (!kind) {
      setShown(null);
      return;
    }
    const timer = window.setTimeout(() => setShown(kind), SKELETON_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [kind]);
  if (!kind || shown !== kind) return <>{children}</>;
  return <PageSkeleton kind={kind} />;
}

function PageSkeleton({ kind }: { kind: SkeletonKind }) {
  if (kind === "dealers") return <CardListSkeleton label="Loading dealers…" />;
  if (kind === "blog") return <CardListSkeleton label="Loading articles…" withImage />;
  return (
    <div aria-busy="true" data-testid={`skeleton-${kind}`}>
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        {kind === "model" ? <ModelSkeleton /> : <CardsSkeleton banner={kind === "home"} />}
      </div>
    </div>
  );
}

const block = "rounded-xl bg-gray-200";

function CardsSkeleton({ banner }: { banner: boolean }) {
  return (
    <>
      {banner ? <div className="aspect-[4/3] w-full bg-gray-200 sm:aspect-[16/7] lg:aspect-[8/3]" /> : null}
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
        <div className={`h-3 w-24 ${block}`} />
        <div className={`mt-3 h-9 w-64 ${block}`} />
        <div className={`mt-4 h-4 w-full max-w-xl ${block}`} />
        <div className="mt-8 grid grid-cols-1 gap-6 min-[600px]:grid-cols-2 min-[900px]:grid-cols-3 min-[1200px]:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <div key={i} className="overflow-hidden rounded-2xl border border-gray-200">
              <div className="aspect-[16/10] bg-gray-200" />
              <div className="space-y-3 p-5">
                <div className={`h-3 w-16 ${block}`} />
                <div className={`h-5 w-32 ${block}`} />
                <div className={`h-4 w-24 ${block}`} />
              </div>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

function ModelSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 pt-8 sm:px-6 lg:grid-cols-[1.35fr_1fr] lg:gap-12 lg:pt-12">
      <div>
        <div className="aspect-[16/10] w-full rounded-3xl bg-gray-200" />
        <div className="mt-5 flex gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <div key={i} className="size-9 rounded-full bg-gray-200" />
          ))}
        </div>
      </div>
      <div className="space-y-4">
        <div className={`h-3 w-24 ${block}`} />
        <div className={`h-12 w-3/4 ${block}`} />
        <div className={`h-8 w-40 ${block}`} />
        <div className={`h-20 w-full ${block}`} />
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <div key={i} className={`h-12 w-full ${block}`} />
        ))}
      </div>
    </div>
  );
}

/** Placeholder cards shown while a list loads on client-side navigation (product.md §2: skeletons). */
function CardListSkeleton({
  label,
  cards = 6,
  withImage = false,
}: {
  label: string;
  cards?: number;
  withImage?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="mx-auto max-w-7xl px-4 py-10"
      data-testid="list-skeleton"
    >
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="h-9 w-64 animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
      <div aria-hidden="true" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: cards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <div key={index} className="rounded-lg border border-gray-200 p-4">
            {withImage && (
              <div className="mb-4 aspect-video animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
            )}
            <div className="h-5 w-3/4 animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
            <div className="mt-3 h-4 w-full animate-pulse rounded bg-gray-100 motion-reduce:animate-none" />
            <div className="mt-2 h-4 w-5/6 animate-pulse rounded bg-gray-100 motion-reduce:animate-none" />
            <div className="mt-2 h-4 w-1/2 animate-pulse rounded bg-gray-100 motion-reduce:animate-none" />
          </div>
        ))}
      </div>
    </div>
  );
}
