import { dealImageSrc } from "../../core/content/content-labels.ts";
import type { DealCardData } from "../../core/content/deals.server.ts";
import { UPLOAD_IMAGE_SIZE } from "../../core/media/shapes.ts";
import { formatDate } from "../../core/shared/format.ts";
import { VehiclePicture } from "./used/vehicle-picture.tsx";

/** The special's banner image, title, summary and validity: its page, and its preview in the back office. */
export function SpecialIntro({ deal, headingLevel = 1 }: { deal: DealCardData; headingLevel?: 1 | 3 }) {
  const Heading = headingLevel === 1 ? "h1" : "h3";
  return (
    <>
      <figure className="overflow-hidden rounded-lg bg-gray-100">
        <VehiclePicture
          image={{ uri: dealImageSrc(deal.image), picture: deal.picture ?? undefined }}
          alt=""
          sizes="(min-width: 1024px) 64rem, 100vw"
          artSize={UPLOAD_IMAGE_SIZE}
          lcp={headingLevel === 1}
          className="h-auto w-full"
        />
      </figure>
      <Heading className="mt-6 text-3xl font-bold">{deal.title}</Heading>
      <p className="mt-3 max-w-3xl text-lg">{deal.summary}</p>
      <p className="mt-2 text-sm text-brand-grey-light">Valid until {formatDate(deal.valid_until)}.</p>
    </>
  );
}
