import { useNavigation } from "react-router";
import { sectionPath } from "../lib/navigation.ts";

/** Placeholder cards shown while a list loads on client-side navigation (SPEC section 2: skeletons). */
export function CardListSkeleton({ label, cards = 6, withImage = false }: { label: string; cards?: number; withImage?: boolean }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="mx-auto max-w-7xl px-4 py-10" data-testid="list-skeleton">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="h-9 w-64 animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
      <div aria-hidden="true" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: cards }, (_, index) => (
          <div key={index} className="rounded-lg border border-gray-200 p-4">
            {withImage && <div className="mb-4 aspect-video animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />}
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

/** Which list skeleton a pending navigation to `pathname` should show, if it goes to one of these lists. */
export function listSkeletonFor(pathname: string): "dealers" | "blog" | null {
  const section = sectionPath(pathname.replace(/\/+$/, "") || "/");
  if (section === "/dealer" || section === "/honda-wing" || section === "/contact") return "dealers";
  if (section === "/blog") return "blog";
  return null;
}

/** The skeleton for the page being loaded by a client-side navigation, or null (then render the page). */
export function usePendingListSkeleton() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  const kind = listSkeletonFor(navigation.location.pathname);
  if (kind === "dealers") return <CardListSkeleton label="Loading dealers…" />;
  if (kind === "blog") return <CardListSkeleton label="Loading articles…" withImage />;
  return null;
}
