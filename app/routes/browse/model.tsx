import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { movedListingPath } from "../../../core/catalogue/catalogue-admin.server.ts";
import { SPECIFICATIONS } from "../../../core/catalogue/range-fields.ts";
import { findRangeModel, type RangeModelView, type RangeVariantView } from "../../../core/catalogue/ranges.server.ts";
import { currentStaff } from "../../lib/staff.server.ts";
import { variantKey } from "../../../core/catalogue/variant-keys.ts";
import { monthlyRepayment, REPAYMENT_DEFAULTS } from "../../../core/finance/repayment.ts";
import { VEHICLE_IMAGE_SIZE } from "../../../core/media/shapes.ts";
import { DialogButton } from "../../components/dialog.tsx";
import { VariantCompareSummary, VariantCompareToggle } from "../../components/used/shortlist-buttons.tsx";
import type { SavedVariant } from "../../lib/shortlist.ts";
import { formatRand, horsepower } from "../../../core/shared/format.ts";
import { cssChoiceOptions } from "../../lib/css-choice.ts";
import { preloadLcpImage } from "../../lib/preload.ts";
import { dealerPath } from "../../lib/scope.ts";
import { ContactBar } from "../../components/contact-bar.tsx";
import { modelWhatsAppGoHref } from "../../lib/go-links.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { useScopedDealer } from "../../lib/scope.ts";
import type { Route } from "./+types/model";
import { canonicalPath, pageMeta, pageTitle } from "../../lib/meta.ts";
import { modelJsonLd } from "../../lib/structured-data.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/**
 * /new/{make}/{model} (cars) and /honda-wing/{make}/{model} (motorcycles). An unknown model is a 404, a model's
 * old address a 301 to its new one; a draft is shown only to signed-in staff (a preview, never kept: a staff
 * session's pages are rendered for it alone), a retired model answers 301 to its successor or 410.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const motorcycle = pageUrlOf(request).pathname.includes("/honda-wing/");
  const base = motorcycle ? "/honda-wing" : "/new";
  const type = motorcycle ? "motorcycle" : "car";
  const model = await findRangeModel(context.get(appContext).readModels, params.make, params.model, type, {
    anyState: true,
  });
  if (!model) {
    const moved = await movedListingPath(context.get(appContext).db, params.make, params.model);
    if (moved?.modelSlug)
      throw redirect(dealerPath(scope.dealer?.slug, `${base}/${moved.makeSlug}/${moved.modelSlug}`), 301);
    throw data(null, { status: 404 });
  }
  if (model.state === "retired") throw retiredModel(model, scope.dealer?.slug);
  const preview = model.state === "draft";
  if (preview && !(await currentStaff(request))) throw data(null, { status: 404 });
  if (model.variants.length === 0 && !preview) throw data(null, { status: 404 });
  return { model, preview, dealerName: scope.dealer?.dealerName ?? null };
}

/** A retired model: 301 to its successor's page, or 410 with the range linked. */
function retiredModel(model: RangeModelView, dealerSlug: string | undefined) {
  const rangePath = model.type === "car" ? "/new" : "/honda-wing";
  if (model.successor) {
    const base = model.successor.type === "car" ? "/new" : "/honda-wing";
    const path = `${base}/${model.successor.make_slug}/${model.successor.model_slug}`;
    return redirect(dealerPath(dealerSlug, path), 301);
  }
  return data(
    { retired: `${model.make} ${model.model}`, rangePath: dealerPath(dealerSlug, rangePath) },
    { status: 410 },
  );
}

/** Choosing a variant only changes the query string: the page already holds every variant, so skip the reload. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const { model } = page;
  const kind = model.type === "motorcycle" ? "motorcycle" : "car";
  const where = page.dealerName ?? "Honda Dealer Group";
  return pageMeta(args, {
    title: `${model.make} ${model.model} | New ${kind}s | ${where}`,
    description: `New ${model.make} ${model.model} ${kind} from ${formatRand(model.minPrice)}. ${model.description}`,
    type: "product",
    image: model.mainImage,
    jsonLd: (siteUrl) => [modelJsonLd(siteUrl, model, canonicalPath(args.location.pathname))],
  });
}

/** product.md §9: what the quick repayment estimate leaves out. */
const REPAYMENT_DISCLAIMER =
  "The estimated instalment excludes on-the-road costs, service, delivery, insurance, bank initiation fees, accessories and value-added products. It is an estimate only and is not binding.";

const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full bg-brand-red px-6 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey";
const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full border-2 border-brand-grey px-6 py-2.5 text-sm font-semibold text-brand-grey transition hover:bg-brand-grey hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red";

const HERO_IMAGE = "aspect-[16/10] h-auto w-full rounded-3xl bg-gray-100 object-cover shadow-sm";

/** The no-JavaScript compare form that the variants' checkboxes belong to. */
const COMPARE_FORM = "compare-variants";

export default function ModelPage({ loaderData }: Route.ComponentProps) {
  const { model, preview } = loaderData;
  const dealer = useScopedDealer();
  const slug = dealer?.slug ?? null;
  const [searchParams] = useSearchParams();
  const variant = model.variants.find((v) => v.variant_slug === searchParams.get("variant")) ?? model.variants[0]!;
  const colours = cssChoiceOptions(model.color);
  const isCar = model.type === "car";
  const base = isCar ? "/new" : "/honda-wing";
  const testDrive = dealerPath(slug, `/book-test-drive/${model.make_slug}/${model.model_slug}`);
  preloadLcpImage(colours[0]?.image ?? model.mainImage);
  const compared = (v: RangeVariantView): SavedVariant => ({
    variant: variantKey(v),
    title: `${fullNameOf(model)} ${v.variant}`,
    uri: dealerPath(
      slug,
      `${base}/${model.make_slug}/${model.model_slug}?variant=${encodeURIComponent(v.variant_slug)}`,
    ),
  });
  const enquireHref = dealerPath(
    slug,
    `${base}/${model.make_slug}/${model.model_slug}/${variant.variant_slug}/enquire`,
  );

  return (
    <div className="pb-8">
      {preview ? (
        <p role="note" className="bg-brand-grey px-4 py-2 text-center font-semibold text-white">
          Draft preview: only signed-in staff see this page until the model is put on sale.
        </p>
      ) : null}
      <section aria-labelledby="model-title" className="bg-gradient-to-b from-gray-50 to-white">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-8 pb-12 sm:px-6 lg:grid-cols-[1.35fr_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:gap-y-0 lg:pt-12">
          <ModelHeading model={model} variant={variant} />
          <HeroPicture model={model} colours={colours} />
          <div className="flex flex-col lg:col-start-2 lg:row-start-2">
            <p className="text-3xl lg:mt-4 font-bold text-brand-grey" data-testid="variant-price">
              {formatRand(variant.modelPrice)}
            </p>
            <RepaymentEstimate model={model} variant={variant} />
            <VariantChooser model={model} variant={variant} compared={compared} />
            <ModelActions model={model} enquireHref={enquireHref} testDrive={testDrive} />
          </div>
        </div>
      </section>
      <ContactBar
        dealer={dealer}
        about={`the new ${fullNameOf(model)}`}
        whatsAppHref={modelWhatsAppGoHref(slug, { makeSlug: model.make_slug, modelSlug: model.model_slug })}
        className="mx-auto max-w-7xl px-4 sm:px-6"
      />
      {isCar ? <PerformanceSummary variant={variant} /> : null}
      <AboutModel model={model} />
      {model.gallery.length > 0 ? <Gallery images={model.gallery} /> : null}
      <TestDriveBanner model={model} testDrive={testDrive} />
    </div>
  );
}

type ModelProps = { model: Route.ComponentProps["loaderData"]["model"]; variant: RangeVariantView };

const fullNameOf = (model: ModelProps["model"]) => `${model.make} ${model.model}`;

function ModelHeading({ model, variant }: ModelProps) {
  return (
    <div className="lg:col-start-2 lg:row-start-1">
      <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-red">
        {model.type === "car" ? `New ${model.make}` : "Honda Wing"}
      </p>
      <h1 id="model-title" className="mt-1 text-4xl font-extrabold tracking-tight text-brand-grey sm:text-5xl">
        {fullNameOf(model)}
      </h1>
      <p className="mt-2 text-brand-grey-light">
        <span data-testid="variant-name">{variant.variant}</span>
      </p>
      {model.state === "run_out" ? (
        <p className="mt-2 inline-block rounded bg-amber-100 px-2 py-1 text-sm font-semibold text-amber-900">
          Run-out model: still sold while stocks last
        </p>
      ) : null}
      {model.headline ? <p className="mt-2 text-lg font-semibold text-brand-grey">{model.headline}</p> : null}
    </div>
  );
}

/** The model's picture: one per colour, with the swatches that choose it, or its main picture. */
function HeroPicture({ model, colours }: { model: ModelProps["model"]; colours: Colour[] }) {
  return (
    <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1" data-choice>
      {colours.length > 0 ? (
        <>
          <div data-choice-panels>
            {colours.map((c, index) => (
              <img
                key={c.name}
                src={c.image}
                alt={`${fullNameOf(model)} in ${c.name}`}
                width={VEHICLE_IMAGE_SIZE.width}
                height={VEHICLE_IMAGE_SIZE.height}
                // Only the first colour is shown on load; a hidden lazy picture is fetched when it is chosen.
                {...(index === 0
                  ? { fetchPriority: "high" as const }
                  : { loading: "lazy" as const, decoding: "async" as const })}
                data-testid="hero-image"
                className={HERO_IMAGE}
              />
            ))}
          </div>
          <ColourSwatches colours={colours} />
        </>
      ) : (
        <img
          src={model.mainImage}
          alt={fullNameOf(model)}
          width={VEHICLE_IMAGE_SIZE.width}
          height={VEHICLE_IMAGE_SIZE.height}
          fetchPriority="high"
          data-testid="hero-image"
          className={HERO_IMAGE}
        />
      )}
    </div>
  );
}

/** From R... per month, with the assumptions and the disclaimer. */
function RepaymentEstimate({ model, variant }: ModelProps) {
  return (
    <div className="mt-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-brand-grey">
        From{" "}
        <strong className="text-xl text-brand-red" data-testid="monthly-repayment">
          {formatRand(monthlyRepayment({ price: variant.modelPrice }))}
        </strong>{" "}
        per month*
      </p>
      <div className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm text-brand-grey-light">
        <p>
          {REPAYMENT_DEFAULTS.balloonPercent}% balloon, {REPAYMENT_DEFAULTS.depositRand}% deposit,{" "}
          {REPAYMENT_DEFAULTS.termMonths} months, {REPAYMENT_DEFAULTS.annualRatePercent}% interest.
        </p>
        <DialogButton
          buttonText="Disclaimer"
          buttonClassName="font-semibold text-brand-red underline underline-offset-2 hover:text-brand-red-dark focus-visible:outline-2 focus-visible:outline-brand-red"
          title="Repayment disclaimer"
        >
          <p>
            *The instalment shown is calculated on the price of the {fullNameOf(model)} {variant.variant} (
            {formatRand(variant.modelPrice)}) with a {REPAYMENT_DEFAULTS.balloonPercent}% balloon payment, no deposit,
            over {REPAYMENT_DEFAULTS.termMonths} months at an interest rate of {REPAYMENT_DEFAULTS.annualRatePercent}% a
            year.
          </p>
          <p>{REPAYMENT_DISCLAIMER}</p>
          <p>Your actual instalment depends on the bank's credit assessment and the rate it offers you.</p>
        </DialogButton>
      </div>
    </div>
  );
}

/** The model's variants to choose from and to compare, or the one variant's compare toggle. */
function VariantChooser({
  model,
  variant,
  compared,
}: ModelProps & { compared: (v: RangeVariantView) => SavedVariant }) {
  return model.variants.length > 1 ? (
    <nav aria-labelledby="variants-title" className="mt-6">
      <h2 id="variants-title" className="text-sm font-semibold text-brand-grey">
        Choose a {model.type === "car" ? "model" : "variant"}
      </h2>
      <ul className="mt-2 grid gap-2">
        {model.variants.map((v) => {
          const selected = v.variant_slug === variant.variant_slug;
          return (
            <li key={v.variant_slug} className="flex items-center gap-2">
              <Link
                to={`?variant=${encodeURIComponent(v.variant_slug)}`}
                replace
                preventScrollReset
                aria-current={selected ? "true" : undefined}
                className={`flex flex-1 flex-col gap-1 rounded-xl border-2 px-4 py-3 text-sm transition sm:flex-row sm:items-center sm:justify-between sm:gap-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red ${selected ? "border-brand-red bg-red-50/60" : "border-gray-200 hover:border-gray-400"}`}
              >
                <span className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`grid size-4 shrink-0 place-items-center rounded-full border-2 ${selected ? "border-brand-red" : "border-gray-400"}`}
                  >
                    {selected ? <span className="size-2 rounded-full bg-brand-red" /> : null}
                  </span>
                  <span className="font-semibold text-brand-grey">{v.variant}</span>
                </span>
                <span className="pl-7 text-brand-grey-light sm:pl-0">{formatRand(v.modelPrice)}</span>
              </Link>
              <VariantCompareToggle variant={compared(v)} formId={COMPARE_FORM} />
            </li>
          );
        })}
      </ul>
      <VariantCompareSummary formId={COMPARE_FORM} />
    </nav>
  ) : (
    <div className="mt-6">
      <VariantCompareToggle variant={compared(variant)} formId={COMPARE_FORM} />
      <VariantCompareSummary formId={COMPARE_FORM} />
    </div>
  );
}

/** Enquire, book a test drive, download the brochure. */
function ModelActions({
  model,
  enquireHref,
  testDrive,
}: {
  model: ModelProps["model"];
  enquireHref: string;
  testDrive: string;
}) {
  return (
    <div className="mt-6 grid gap-3 sm:flex sm:flex-wrap">
      <Link to={enquireHref} className={primaryButton}>
        Enquire Now
      </Link>
      <Link to={testDrive} className={secondaryButton}>
        Book a test drive
      </Link>
      {model.type === "car" && model.brochure ? (
        <a href={model.brochure} download className={secondaryButton}>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Download brochure
        </a>
      ) : null}
    </div>
  );
}

function PerformanceSummary({ variant }: { variant: RangeVariantView }) {
  return (
    <section aria-labelledby="summary-title" className="bg-brand-grey text-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2 id="summary-title" className="text-lg font-bold">
          {variant.variant} at a glance
        </h2>
        <dl className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-3" data-testid="performance-summary">
          <div className="border-l-4 border-brand-red pl-4">
            <dt className="text-xs font-semibold uppercase tracking-widest text-white/75">Power</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid="power">
              {variant.power} kW <span className="text-white/85">/ {horsepower(variant.power)} HP</span>
            </dd>
          </div>
          <div className="border-l-4 border-brand-red pl-4">
            <dt className="text-xs font-semibold uppercase tracking-widest text-white/75">Torque</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid="torque">
              {variant.torque} Nm
            </dd>
          </div>
          <div className="border-l-4 border-brand-red pl-4">
            <dt className="text-xs font-semibold uppercase tracking-widest text-white/75">Transmission</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid="transmission">
              {variant.transmission}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

function AboutModel({ model }: { model: ModelProps["model"] }) {
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6">
      <h2 id="about-title" className="text-2xl font-extrabold tracking-tight text-brand-grey sm:text-3xl">
        About the {model.model}
      </h2>
      <p className="mt-3 max-w-3xl text-lg leading-relaxed text-brand-grey-light">{model.description}</p>
      <KeySpecifications model={model} />
    </section>
  );
}

function KeySpecifications({ model }: { model: ModelProps["model"] }) {
  // A motorcycle's page has no power summary (product.md, model page): its power and torque are not shown here either.
  const given = SPECIFICATIONS.filter(
    ([key]) => model.specifications[key] && !(model.type === "motorcycle" && (key === "power" || key === "torque")),
  );
  if (given.length === 0) return null;
  return (
    <>
      <h3 className="mt-8 text-xl font-bold text-brand-grey">Key specifications</h3>
      <dl className="mt-3 grid max-w-3xl gap-x-8 gap-y-2 sm:grid-cols-2">
        {given.map(([key, label]) => (
          <div key={key} className="flex justify-between gap-4 border-b border-gray-200 py-2">
            <dt className="font-semibold text-brand-grey">{label}</dt>
            <dd className="text-right text-brand-grey-light">{model.specifications[key]}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function TestDriveBanner({ model, testDrive }: { model: ModelProps["model"]; testDrive: string }) {
  return (
    <section aria-labelledby="test-drive-title" className="mx-auto mt-14 max-w-7xl px-4 sm:px-6">
      <div className="flex flex-col items-start gap-5 rounded-3xl bg-brand-red p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10">
        <div>
          <h2 id="test-drive-title" className="text-2xl font-extrabold sm:text-3xl">
            Feel the {model.model} for yourself
          </h2>
          <p className="mt-2 max-w-xl text-white/90">
            Book a test {model.type === "car" ? "drive" : "ride"} at a dealer near you. It takes a minute, and we will
            confirm a time that suits you.
          </p>
        </div>
        <Link
          to={testDrive}
          className="inline-flex shrink-0 items-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold text-brand-red transition hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Book a test drive <span aria-hidden="true">&rarr;</span>
        </Link>
      </div>
    </section>
  );
}

type Colour = { name: string; colorCode: string; image: string };

/**
 * The colour swatches: radio inputs whose checked one shows its picture and name through CSS (`data-choice` in
 * app/app.css), so a swatch works the same before, without and after JavaScript, and hydration finds the colour the
 * visitor chose already in the page (React never sets it: the inputs are uncontrolled). Decision 051.
 */
function ColourSwatches({ colours }: { colours: Colour[] }) {
  return (
    <fieldset className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
      <legend className="sr-only">Colour</legend>
      <p className="text-sm text-brand-grey-light">
        Colour:{" "}
        <span data-choice-panels>
          {colours.map((c) => (
            <span key={c.name} className="font-semibold text-brand-grey" data-testid="colour-name">
              {c.name}
            </span>
          ))}
        </span>
      </p>
      <ul className="flex flex-wrap gap-3" aria-label="Colours" data-choice-options>
        {colours.map((c, index) => (
          <li key={c.name}>
            <label
              title={c.name}
              className="relative block size-9 cursor-pointer overflow-hidden rounded-full border border-black/20 shadow-inner ring-offset-2 transition hover:scale-110 has-checked:ring-2 has-checked:ring-brand-grey has-focus-visible:outline-2 has-focus-visible:outline-offset-4 has-focus-visible:outline-brand-red"
            >
              <input
                type="radio"
                name="colour"
                value={c.name}
                defaultChecked={index === 0}
                aria-label={c.name}
                className="sr-only"
              />
              {/* The colour as an SVG fill, not an inline style: the CSP allows no style attributes. */}
              <svg viewBox="0 0 1 1" className="block size-full" aria-hidden="true" focusable="false">
                <rect width="1" height="1" fill={c.colorCode} />
              </svg>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** product.md §2: main picture plus thumbnails, three thumbnails to a view with 20 px between them; a thumbnail click shows it large. */
function Gallery({ images: all }: { images: { image: string; alt: string }[] }) {
  const images = cssChoiceOptions(all);
  return (
    <section aria-labelledby="gallery-title" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
      <h2 id="gallery-title" className="text-2xl font-extrabold tracking-tight text-brand-grey sm:text-3xl">
        Gallery
      </h2>
      {/* As the colours: the checked thumbnail's radio shows its picture through CSS, with or without JavaScript. */}
      <fieldset className="mt-6 grid max-w-3xl gap-5" data-choice>
        <legend className="sr-only">Gallery</legend>
        <div data-choice-panels>
          {images.map((picture) => (
            <img
              key={picture.image}
              src={picture.image}
              alt={picture.alt}
              width={VEHICLE_IMAGE_SIZE.width}
              height={VEHICLE_IMAGE_SIZE.height}
              loading="lazy"
              decoding="async"
              data-testid="gallery-main"
              className="aspect-[16/10] h-auto w-full rounded-2xl bg-gray-100 object-cover"
            />
          ))}
        </div>
        <ul
          aria-label="Gallery thumbnails"
          className="flex snap-x snap-mandatory gap-5 overflow-x-auto pb-2"
          data-choice-options
        >
          {images.map((picture, i) => (
            <li key={picture.image} className="shrink-0 basis-[calc((100%-40px)/3)] snap-start">
              <label className="relative block w-full cursor-pointer overflow-hidden rounded-xl opacity-70 ring-offset-2 transition hover:opacity-100 has-checked:opacity-100 has-checked:ring-2 has-checked:ring-brand-red has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-red">
                <input
                  type="radio"
                  name="gallery-picture"
                  value={i + 1}
                  defaultChecked={i === 0}
                  aria-label={`Show picture ${i + 1} of ${images.length}: ${picture.alt}`}
                  className="sr-only"
                />
                <img
                  src={picture.image}
                  alt=""
                  width={VEHICLE_IMAGE_SIZE.width}
                  height={VEHICLE_IMAGE_SIZE.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[16/10] h-auto w-full object-cover"
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
