import { pageUrlOf } from "../../framework/data-requests.ts";
import { data, Form, Link } from "react-router";
import { channelOverview, type ChannelOverview } from "../../../core/channels/channel-overview.server.ts";
import {
  channelDealerDetails,
  type DetailsErrors,
  parseChannelDealerDetails,
  revokeChannelKey,
  rotateChannelKey,
  setChannelDealerDetails,
  setChannelEnabled,
  UnknownChannel,
} from "../../../core/channels/channel-settings.server.ts";
import {
  type HeldImportView,
  listHeldImports,
  publishHeldImport,
} from "../../../core/inventory/held-imports.server.ts";
import { mayUse, StaffAccessDenied, type StaffActor } from "../../../core/staff/roles.ts";
import { Field } from "../../components/field.tsx";
import { ChannelGuide } from "../../components/staff/channel-guide.tsx";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import {
  buttonClass,
  ErrorSummary,
  inputClass,
  Notice,
  secondaryButtonClass,
  staffLook,
} from "../../components/staff/form.tsx";
import { PhoneFold } from "../../components/staff/phone-fold.tsx";
import { staffCellClass, staffHeadClass, ScrollableTable } from "../../components/staff/scrollable-table.tsx";
import { readFormBody } from "../../lib/form-body.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/channels";
import { type AppContext, appContext } from "../../load-context.ts";

/**
 * /staff/channels: each dealer's catalogue channels (Meta, TikTok, a marketplace export). The page itself is
 * the summary: what needs attention, then one table per channel with a row per dealer. ?dealer={slug} is one
 * dealer's channels in full: switch one on, copy its feed URL, rotate or revoke its key, see its fetches and
 * the vehicles its rules leave out (a person who manages one dealer gets that at once). Group administrators
 * see every dealer, dealer managers their own; the services check the role again.
 */

/** How long a rotated key keeps working: a channel fetches at least daily, so three days covers a weekend. */
const ROTATION_GRACE_HOURS = 72;
/** The left-out vehicles listed per channel (the count says how many there are). */
const LEFT_OUT_SHOWN = 50;

const when = (date: Date) =>
  date.toLocaleString("en-ZA", { timeZone: "Africa/Johannesburg", dateStyle: "medium", timeStyle: "short" });

/** "38 minutes ago", "3 hours ago", "2 days ago". */
function timeAgo(date: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - date.getTime()) / 60_000));
  const [count, unit] =
    minutes < 60
      ? [minutes, "minute"]
      : minutes < 48 * 60
        ? [Math.round(minutes / 60), "hour"]
        : [Math.round(minutes / 1440), "day"];
  if (count === 0) return "just now";
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  if (!mayUse(actor, "channels")) staffFailure(new StaffAccessDenied("forbidden", "channels"));
  const now = new Date();
  const overview = await channelOverview(
    context.get(appContext).db,
    context.get(appContext).linkSigner,
    actor,
    context.get(appContext).usedStock,
    context.get(appContext).siteUrl,
    now,
  );
  const channels = overview.map((channel) => present(channel, now));
  const dealers = [...new Map(channels.map((card) => [card.dealerId, dealerOf(card)])).values()];
  const wanted = pageUrlOf(request).searchParams.get("dealer");
  const dealer = wanted ? dealers.find((d) => d.slug === wanted) : dealers.length === 1 ? dealers[0] : undefined;
  if (wanted && !dealer) throw data("Not found", { status: 404 });
  const heldImports = (await listHeldImports(context.get(appContext).db, actor)).map((held) => presentHeld(held, now));
  return {
    csrfToken,
    dealers,
    dealer: dealer ?? null,
    channels: dealer ? channels.filter((card) => card.dealerId === dealer.id) : channels,
    heldImports: dealer ? heldImports.filter((held) => held.dealerId === dealer.id) : heldImports,
    dealerDetails: Object.fromEntries(await channelDealerDetails(context.get(appContext).db, actor)),
  };
}

const dealerOf = (card: ChannelCard) => ({ id: card.dealerId, slug: card.dealerSlug, name: card.dealerName });

function presentHeld(held: HeldImportView, now: Date) {
  return {
    id: held.id,
    dealerId: held.dealerId,
    dealerName: held.dealerName,
    sentBy: held.sentBy,
    receivedAt: `${when(held.receivedAt)} (${timeAgo(held.receivedAt, now)})`,
    source: held.source === "upload" ? "an upload" : "the DMS feed",
    received: held.received,
    wouldSell: held.wouldSell,
    stockCount: held.stockCount,
  };
}

function present(channel: ChannelOverview, now: Date) {
  const last = channel.fetches[0];
  const vehicles = (count: number) => `${count} ${count === 1 ? "vehicle" : "vehicles"}`;
  return {
    dealerId: channel.dealerId,
    dealerSlug: channel.dealerSlug,
    dealerName: channel.dealerName,
    channel: channel.channel,
    label: channel.label,
    enabled: channel.enabled,
    feedUrls: channel.feedUrls,
    previousKeyValidUntil: channel.previousKeyValidUntil ? when(channel.previousKeyValidUntil) : null,
    lastFetch: last ? `${channel.fetcher} fetched ${vehicles(last.items)} ${timeAgo(last.fetchedAt, now)}` : null,
    lastFetchAgo: last ? timeAgo(last.fetchedAt, now) : null,
    fetches: channel.fetches.map((fetch) => ({
      at: when(fetch.fetchedAt),
      client: fetch.userAgent || "(no User-Agent)",
      items: fetch.items,
      ms: fetch.durationMs,
      notModified: fetch.status === 304,
    })),
    stale: channel.stale,
    empty: channel.empty,
    items: channel.items,
    leftOutCount: channel.leftOut.length,
    leftOut: channel.leftOut.slice(0, LEFT_OUT_SHOWN),
  };
}

export const meta = ({ loaderData: data }: Route.MetaArgs) => [
  { title: `${data?.dealer ? `${data.dealer.name} channels` : "Channels"}${STAFF_TITLE_SUFFIX}` },
];

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  try {
    if (body.form.get("intent") === "dealer-details")
      return await saveDealerDetails(context.get(appContext).db, actor, body.form);
    return { done: await perform(context.get(appContext).db, actor, body.form) };
  } catch (error) {
    if (error instanceof UnknownChannel) throw data("Not found", { status: 404 });
    return staffFailure(error);
  }
}

async function perform(db: AppContext["db"], actor: StaffActor, form: FormData): Promise<string> {
  if (form.get("intent") === "publish-import") return publishImport(db, actor, form);
  const dealerId = Number(form.get("dealer"));
  const channel = String(form.get("channel") ?? "");
  if (!Number.isInteger(dealerId) || dealerId <= 0) throw data("Not found", { status: 404 });
  switch (form.get("intent")) {
    case "enable":
      await setChannelEnabled(db, actor, dealerId, channel, true);
      return "The channel is switched on: paste its feed URL into the channel's catalogue settings.";
    case "disable":
      await setChannelEnabled(db, actor, dealerId, channel, false);
      return "The channel is switched off: its feed answers 404 from now on, and the channel removes the vehicles at its next fetch.";
    case "rotate":
      await rotateChannelKey(db, actor, dealerId, channel, ROTATION_GRACE_HOURS);
      return `A new feed URL is made. The old one keeps working for ${ROTATION_GRACE_HOURS} hours: paste the new one into the channel before then.`;
    case "revoke":
      await revokeChannelKey(db, actor, dealerId, channel);
      return "The feed URL is revoked: it stopped working at once. Make a new one to publish again.";
    default:
      throw data("Unknown action", { status: 400 });
  }
}

/** The dealer's Facebook page id and coordinates: 422 with the fields at fault, else saved. */
async function saveDealerDetails(db: AppContext["db"], actor: StaffActor, form: FormData) {
  const dealerId = Number(form.get("dealer"));
  if (!Number.isInteger(dealerId) || dealerId <= 0) throw data("Not found", { status: 404 });
  const text = (name: string) => String(form.get(name) ?? "");
  const parsed = parseChannelDealerDetails({
    fbPageId: text("fbPageId"),
    latitude: text("latitude"),
    longitude: text("longitude"),
  });
  if (!parsed.ok) return data({ detailsOf: dealerId, errors: parsed.errors }, { status: 422 });
  await setChannelDealerDetails(db, actor, dealerId, parsed.value);
  return { done: "The dealer's Facebook page and location are saved: Meta's file carries them from its next fetch." };
}

const DETAIL_LABELS = { fbPageId: "Facebook page id", latitude: "Latitude", longitude: "Longitude" };

function DealerDetailsForm({
  dealerId,
  dealerName,
  csrf,
  saved,
  errors,
}: {
  dealerId: number;
  dealerName: string;
  csrf: string;
  saved: { fbPageId: string | null; latitude: number | null; longitude: number | null } | undefined;
  errors: DetailsErrors | undefined;
}) {
  const formId = `details-${dealerId}`;
  const field = (name: keyof typeof DETAIL_LABELS, value: string | number | null | undefined, hint: string) => (
    <Field
      id={`${formId}-${name}`}
      label={DETAIL_LABELS[name]}
      hint={hint}
      error={errors?.[name]}
      look={{ ...staffLook, hint: "text-sm" }}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          inputMode={name === "fbPageId" ? "numeric" : "decimal"}
          defaultValue={value ?? ""}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <details className="mt-4" open={errors ? true : undefined}>
      <summary className="cursor-pointer font-semibold">Facebook page and location (Meta vehicles)</summary>
      <div className="mt-2">
        <ErrorSummary form={formId} errors={errors} fieldLabels={DETAIL_LABELS} />
      </div>
      <Form method="post" id={formId} className="mt-2 grid max-w-xl gap-3">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="dealer-details" />
        <input type="hidden" name="dealer" value={dealerId} />
        {field("fbPageId", saved?.fbPageId, "The dealership's Facebook page number; Meta's Marketplace needs it.")}
        {field("latitude", saved?.latitude, "Decimal degrees, negative in South Africa (e.g. -26.1076).")}
        {field("longitude", saved?.longitude, "Decimal degrees (e.g. 28.0567).")}
        <div>
          <button type="submit" className={buttonClass}>
            Save<span className="sr-only"> the Facebook page and location of {dealerName}</span>
          </button>
        </div>
      </Form>
    </details>
  );
}

/** Publishes an import the drop guard held: the stock, its pages and every channel file change together. */
async function publishImport(db: AppContext["db"], actor: StaffActor, form: FormData): Promise<string> {
  const id = Number(form.get("import"));
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  const report = await publishHeldImport(db, actor, id);
  if (!report) return "That import is no longer waiting: it was published already, or a newer one took its place.";
  return `The import is published: ${report.created} created, ${report.updated} updated, ${report.sold} marked sold. The site and every channel file show the new stock.`;
}

type ChannelCard = ReturnType<typeof present>;
type HeldCard = ReturnType<typeof presentHeld>;

function HeldImportAlarm({ held, csrf }: { held: HeldCard; csrf: string }) {
  const share = Math.round((held.wouldSell / Math.max(held.stockCount, 1)) * 100);
  return (
    <div role="alert" className="mt-4 rounded border-2 border-brand-red bg-red-50 p-4 text-brand-grey">
      <h2 className="text-lg font-bold">{`${held.dealerName}: a stock import is waiting`}</h2>
      <p className="mt-1">
        {`${held.sentBy} sent ${held.source} of ${held.received} ${held.received === 1 ? "vehicle" : "vehicles"} on ${held.receivedAt}. It would mark ${held.wouldSell} of the dealer's ${held.stockCount} vehicles sold (${share}%), more than an import may sell without someone confirming it.`}{" "}
        Nothing has changed: the site and the channel files still show the stock as it was.
      </p>
      <p className="mt-1">If the dealer really sold that much (or the file is the dealer's whole stock), publish it:</p>
      <Form method="post" className="mt-2">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="publish-import" />
        <input type="hidden" name="import" value={held.id} />
        <button type="submit" className={buttonClass}>
          Publish the import<span className="sr-only"> for {held.dealerName}</span>
        </button>
      </Form>
    </div>
  );
}

function ChannelForm({
  csrf,
  card,
  intent,
  label,
  primary = false,
}: {
  csrf: string;
  card: ChannelCard;
  intent: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="dealer" value={card.dealerId} />
      <input type="hidden" name="channel" value={card.channel} />
      <button type="submit" className={primary ? buttonClass : secondaryButtonClass}>
        {label}
        <span className="sr-only">
          {" "}
          {card.label} for {card.dealerName}
        </span>
      </button>
    </Form>
  );
}

function Channel({ card, csrf }: { card: ChannelCard; csrf: string }) {
  const headingId = `channel-${card.dealerId}-${card.channel}`;
  return (
    // An article, not a section: each dealer has the same channels, and landmarks must have unique names.
    <article aria-labelledby={headingId} className="rounded border border-gray-300 p-4">
      <h2 id={headingId} className="text-lg font-bold">
        {card.label} <span className="font-normal">({card.enabled ? "on" : "off"})</span>
      </h2>
      {card.stale ? (
        <p className="mt-2 rounded border-2 border-amber-600 bg-amber-50 p-3 font-semibold text-brand-grey">
          Switched on, but not fetched for more than a day: check the feed URL in the channel's catalogue settings.
        </p>
      ) : null}
      {card.empty ? (
        <p className="mt-2 rounded border-2 border-amber-600 bg-amber-50 p-3 font-semibold text-brand-grey">
          Switched on, but the file is empty:{" "}
          {card.leftOutCount > 0
            ? "every vehicle is left out (see why below)"
            : "the dealer has no stock this channel takes"}
          . Switch it off, or fix what leaves the vehicles out.
        </p>
      ) : null}
      <p className="mt-2">
        {card.lastFetch ? `${card.lastFetch}.` : "Never fetched."} {card.items}{" "}
        {card.items === 1 ? "vehicle passes" : "vehicles pass"} the channel's rules; {card.leftOutCount} left out.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ChannelForm
          csrf={csrf}
          card={card}
          intent={card.enabled ? "disable" : "enable"}
          label={card.enabled ? "Switch off" : "Switch on"}
          primary={!card.enabled}
        />
        <ChannelForm
          csrf={csrf}
          card={card}
          intent="rotate"
          label={card.feedUrls.length > 0 ? "Make a new URL" : "Make a URL"}
        />
        {card.feedUrls.length > 0 ? (
          <ChannelForm csrf={csrf} card={card} intent="revoke" label="Revoke the URL" />
        ) : null}
      </div>
      {card.feedUrls.map(({ format, url }) => (
        <Field
          key={format}
          id={`${headingId}-${format}`}
          label={`Feed URL (${format.toUpperCase()})`}
          look={{ label: "block font-semibold" }}
          className="mt-3"
        >
          {(control) => <input {...control} readOnly value={url} className={`${inputClass} font-mono text-sm`} />}
        </Field>
      ))}
      {card.previousKeyValidUntil ? (
        <p className="mt-2">The previous URL keeps working until {card.previousKeyValidUntil}.</p>
      ) : null}
      {card.fetches.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold">Recent fetches</summary>
          <ul className="mt-2 list-disc pl-6">
            {card.fetches.map((fetch, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a log drawn once, never reordered
              <li key={index}>
                {fetch.at}:{" "}
                {fetch.notModified ? `not modified (it keeps its ${fetch.items} items)` : `${fetch.items} items`} in{" "}
                {fetch.ms} ms, by {fetch.client}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {card.leftOutCount > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold">Left out ({card.leftOutCount})</summary>
          <ul className="mt-2 list-disc pl-6">
            {card.leftOut.map((item) => (
              <li key={item.vehicleId}>
                <Link to={`/staff/stock/${item.vehicleId}`} className="font-semibold text-brand-red underline">
                  {item.title}
                  {item.stockNumber ? ` (${item.stockNumber})` : ""}
                </Link>
                : {item.reasons.join("; ")}
              </li>
            ))}
          </ul>
          {card.leftOutCount > card.leftOut.length ? (
            <p className="mt-1">And {card.leftOutCount - card.leftOut.length} more.</p>
          ) : null}
        </details>
      ) : null}
    </article>
  );
}

type ActionAnswer = { done?: string; detailsOf?: number; errors?: DetailsErrors } | undefined;
type LoaderData = Route.ComponentProps["loaderData"];

export default function Channels({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionAnswer;
  const { dealer, dealers } = loaderData;
  return (
    <>
      {dealer && dealers.length > 1 ? (
        <p>
          <Link to="/staff/channels" className="font-semibold text-brand-red underline">
            Every dealer's channels
          </Link>
        </p>
      ) : null}
      <h1 className="mt-2 text-3xl font-bold">{dealer ? `${dealer.name} channels` : "Channels"}</h1>
      <p className="mt-3 max-w-prose">
        Each channel fetches a dealer's stock from its feed URL, built from the same record as the site: a sold car is
        gone at its next fetch, priced exactly as on the site. Keep the URLs private: anyone holding one can read the
        feed.
      </p>
      <ChannelGuide rotationGraceHours={ROTATION_GRACE_HOURS} />
      <div className="mt-4">
        <Notice>{answer?.done}</Notice>
      </div>
      {loaderData.heldImports.map((held) => (
        <HeldImportAlarm key={held.id} held={held} csrf={loaderData.csrfToken} />
      ))}
      {dealers.length === 0 ? <p className="mt-4">You manage no dealer's channels.</p> : null}
      {dealer ? (
        <DealerChannels dealer={dealer} loaderData={loaderData} answer={answer} />
      ) : dealers.length > 0 ? (
        <ChannelsSummary channels={loaderData.channels} />
      ) : null}
    </>
  );
}

/** One dealer's channels in full: the Facebook page and location, and a card per channel. */
function DealerChannels({
  dealer,
  loaderData,
  answer,
}: {
  dealer: NonNullable<LoaderData["dealer"]>;
  loaderData: LoaderData;
  answer: ActionAnswer;
}) {
  return (
    <>
      <DealerDetailsForm
        dealerId={dealer.id}
        dealerName={dealer.name}
        csrf={loaderData.csrfToken}
        saved={loaderData.dealerDetails[dealer.id]}
        errors={answer?.detailsOf === dealer.id ? answer.errors : undefined}
      />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {loaderData.channels.map((card) => (
          <Channel key={card.channel} card={card} csrf={loaderData.csrfToken} />
        ))}
      </div>
    </>
  );
}

/** What is wrong with a switched-on channel, in a few words; null when nothing is. */
function alarmOf(card: ChannelCard): string | null {
  if (card.stale) return "Not fetched for over a day";
  if (card.empty) return "Switched on, but the file is empty";
  return null;
}

const dealerHref = (card: ChannelCard) => `/staff/channels?dealer=${card.dealerSlug}`;
const linkClass = "font-semibold text-brand-red underline";

/** Every dealer's channels at a glance: what needs attention first, then one table per channel, alarms on top. */
function ChannelsSummary({ channels }: { channels: ChannelCard[] }) {
  const alarms = channels.filter((card) => alarmOf(card));
  const byChannel = [...new Map(channels.map((card) => [card.channel, card.label])).entries()];
  return (
    <>
      <section aria-labelledby="attention-heading" className="mt-8">
        <h2 id="attention-heading" className="text-2xl font-bold">
          Needs attention
        </h2>
        {alarms.length === 0 ? (
          <p className="mt-2">Every switched-on channel has vehicles in its file and fetched it within a day.</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {alarms.map((card) => (
              <li key={`${card.dealerId}-${card.channel}`} className="border-l-4 border-amber-600 bg-amber-50 p-3">
                <Link to={dealerHref(card)} className={linkClass}>
                  {`${card.dealerName}, ${card.label}`}
                </Link>
                {`: ${alarmOf(card)}.`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="mt-8 max-w-prose">
        Each channel below lists every dealer. A dealer's name opens its channels: the feed URLs, the buttons that
        switch a channel on or off and make or revoke its URL, recent fetches and the vehicles left out.
      </p>
      <div className="lg:grid lg:grid-cols-2 lg:gap-x-8">
        {byChannel.map(([channel, label]) => (
          <ChannelDealers key={channel} label={label} cards={channels.filter((card) => card.channel === channel)} />
        ))}
      </div>
    </>
  );
}

/** One channel's table, a row per dealer: its state, its last fetch and its vehicles; alarms first. */
function ChannelDealers({ label, cards }: { label: string; cards: ChannelCard[] }) {
  const headingId = `summary-${cards[0]!.channel}`;
  const on = cards.filter((card) => card.enabled).length;
  const alarms = cards.filter((card) => alarmOf(card)).length;
  const rows = [...cards].sort((a, b) => Number(!alarmOf(a)) - Number(!alarmOf(b)));
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-2xl font-bold">
        {label}
      </h2>
      <p className="mt-1">
        {`On for ${on} of ${cards.length} ${cards.length === 1 ? "dealer" : "dealers"}`}
        {alarms > 0 ? `; ${alarms} ${alarms === 1 ? "needs" : "need"} attention.` : "."}
      </p>
      <PhoneFold summary={`${label}, dealer by dealer`} className="md:mt-2">
        <ScrollableTable label={`${label}, dealer by dealer`}>
          <table className="w-full border-collapse">
            <caption className="sr-only">{`${label}: each dealer's state, last fetch and vehicles`}</caption>
            <thead>
              <tr>
                <th scope="col" className={staffHeadClass}>
                  Dealer
                </th>
                <th scope="col" className={staffHeadClass}>
                  State
                </th>
                <th scope="col" className={`${staffHeadClass} text-right`}>
                  Vehicles
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((card) => (
                <ChannelDealerRow key={card.dealerId} card={card} />
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      </PhoneFold>
    </section>
  );
}

function ChannelDealerRow({ card }: { card: ChannelCard }) {
  const alarm = alarmOf(card);
  return (
    <tr className={alarm ? "bg-amber-50" : undefined}>
      <th scope="row" className={`${staffCellClass} font-normal`}>
        <Link to={dealerHref(card)} className={linkClass}>
          {card.dealerName}
        </Link>
      </th>
      <td className={staffCellClass}>
        {alarm ? (
          <strong className="block">{alarm}</strong>
        ) : (
          <span className="block">{card.enabled ? "On" : "Off"}</span>
        )}
        <span className="block text-sm">{card.lastFetchAgo ? `Fetched ${card.lastFetchAgo}` : "Never fetched"}</span>
      </td>
      <td className={`${staffCellClass} text-right tabular-nums`}>
        {card.items}
        {card.leftOutCount > 0 ? <span className="block text-sm">{`${card.leftOutCount} left out`}</span> : null}
      </td>
    </tr>
  );
}
