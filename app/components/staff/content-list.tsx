import type { ReactNode } from "react";
import { Link } from "react-router";

/** One row of a scheduled-content list: its link, a line of details, and its image or its states. */
export type ContentListItem = {
  id: number;
  title: string;
  href: string;
  details: ReactNode;
  /** A banner's image, before its title. */
  imageUri?: string;
  /** A deal's status (as a badge) and what the public sees of it now. */
  states?: { status: string; publicState: string };
};

/** The back office's list of specials and deals or of banners; `empty` when there are none yet. */
export function ContentList({
  label,
  items,
  empty,
}: {
  label: string;
  items: readonly ContentListItem[];
  empty: string;
}) {
  if (items.length === 0) return <p className="mt-6">{empty}</p>;
  return (
    <ul className="mt-6 divide-y divide-gray-300 border-y border-gray-300" aria-label={label}>
      {items.map((item) => (
        <ContentListRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function ContentListRow({ item }: { item: ContentListItem }) {
  const heading = (
    <div>
      <Link to={item.href} className="font-semibold text-brand-red underline">
        {item.title}
      </Link>
      <p className="text-sm">{item.details}</p>
    </div>
  );
  if (item.imageUri !== undefined)
    return (
      <li className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
        <img
          src={item.imageUri}
          alt=""
          width={160}
          height={60}
          className="h-15 w-40 rounded object-cover"
          loading="lazy"
        />
        {heading}
      </li>
    );
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3">
      {heading}
      {item.states ? (
        <p className="flex items-baseline gap-3 text-sm font-semibold">
          <span className="rounded border border-gray-600 px-2">{item.states.status}</span>
          <span>{item.states.publicState}</span>
        </p>
      ) : null}
    </li>
  );
}
