import { useEffect, useRef } from "react";
import { data, Form } from "react-router";
import {
  addPhotoHost,
  createFeedKey,
  dealerChoices,
  FeedKeyNotFound,
  listFeedKeys,
  listPhotoHosts,
  parseFeedKeyName,
  parsePhotoHost,
  removePhotoHost,
  revokeFeedKey,
} from "../../../core/inventory/feed-keys.server.ts";
import {
  EMPTY_PROFILE,
  feedProfilesOf,
  parseFeedProfile,
  saveFeedProfile,
} from "../../../core/inventory/feed-profiles.server.ts";
import { FEED_COLUMNS, valueMapsText } from "../../../core/inventory/feed-columns.ts";
import { STOCK_FIELD_LABELS } from "../../../core/inventory/stock-schema.ts";
import { mayUse, StaffAccessDenied, type StaffActor } from "../../../core/staff/roles.ts";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import { Field } from "../../components/field.tsx";
import { Select, TextArea } from "../../components/staff/fields.tsx";
import {
  buttonClass,
  ErrorSummary,
  inputClass,
  Notice,
  secondaryButtonClass,
  TextField,
} from "../../components/staff/form.tsx";
import { readFormBody } from "../../lib/form-body.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/feeds";
import { StaffTable, staffCellClass } from "../../components/staff/scrollable-table.tsx";
import { type AppContext, appContext } from "../../load-context.ts";

/**
 * /staff/feeds: group administrators manage each dealer's stock-feed keys (a new key is shown once) and the
 * hosts the dealer's feed may take photos from (docs/stock-feed.md). The services check the role again.
 */

const when = (date: Date | null) =>
  date
    ? date.toLocaleString("en-ZA", { timeZone: "Africa/Johannesburg", dateStyle: "medium", timeStyle: "short" })
    : "Never";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  if (!mayUse(actor, "feed-keys")) staffFailure(new StaffAccessDenied("forbidden", "feed-keys"));
  const [dealers, keys, hosts] = await Promise.all([
    dealerChoices(context.get(appContext).db, actor, "feed-keys"),
    listFeedKeys(context.get(appContext).db, actor),
    listPhotoHosts(context.get(appContext).db, actor),
  ]);
  const dealerName = new Map(dealers.map((d) => [d.id, d.name]));
  const profiles = await feedProfilesOf(
    context.get(appContext).db,
    keys.map((key) => key.id),
  );
  return {
    csrfToken,
    dealers: dealers.map(({ id, name }) => ({ id, name })),
    keys: keys.map((key) => ({
      id: key.id,
      dealerName: key.dealerName,
      name: key.name,
      keyPrefix: key.keyPrefix,
      created: when(key.createdAt),
      lastUsed: when(key.lastUsedAt),
      revoked: key.revokedAt ? when(key.revokedAt) : null,
      profile: profiles.get(key.id) ?? EMPTY_PROFILE,
    })),
    hosts: hosts.map((host) => ({ ...host, dealerName: dealerName.get(host.dealerId) ?? "" })),
  };
}

export const meta = () => [{ title: `Stock feeds${STAFF_TITLE_SUFFIX}` }];

type ActionResult =
  | {
      form: "key" | "host" | "profile";
      keyId?: number;
      errors: Record<string, string>;
      done?: undefined;
      created?: undefined;
    }
  | { form?: undefined; errors?: undefined; done: string; created?: { key: string; name: string; dealerName: string } };

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  try {
    return await perform(context.get(appContext).db, actor, body.form);
  } catch (error) {
    if (error instanceof FeedKeyNotFound) throw data("Not found", { status: 404 });
    return staffFailure(error);
  }
}

async function perform(db: AppContext["db"], actor: StaffActor, form: FormData) {
  const dealerId = Number(form.get("dealer"));
  const hasDealer = Number.isInteger(dealerId) && dealerId > 0;
  switch (form.get("intent")) {
    case "create-key": {
      const name = parseFeedKeyName(form.get("name"));
      const errors: Record<string, string> = {};
      if (!hasDealer) errors.dealer = "Choose the dealer the key is for";
      if (!name.ok) errors.name = name.violations[0]!.message;
      if (!name.ok || !hasDealer) return data<ActionResult>({ form: "key", errors }, { status: 422 });
      const { key, view } = await createFeedKey(db, actor, dealerId, name.value);
      return {
        done: `Feed key "${view.name}" created for ${view.dealerName}.`,
        created: { key, name: view.name, dealerName: view.dealerName },
      } satisfies ActionResult;
    }
    case "revoke-key": {
      const keyId = Number(form.get("key"));
      if (!Number.isInteger(keyId) || keyId <= 0) throw data("Not found", { status: 404 });
      await revokeFeedKey(db, actor, keyId);
      return { done: "The key is revoked: requests with it are now refused." } satisfies ActionResult;
    }
    case "save-profile": {
      const keyId = Number(form.get("key"));
      if (!Number.isInteger(keyId) || keyId <= 0) throw data("Not found", { status: 404 });
      const profile = parseFeedProfile(form);
      if (!profile.ok) {
        const errors = Object.fromEntries(profile.violations.map((v) => [v.propertyPath, v.message]));
        return data<ActionResult>({ form: "profile", keyId, errors }, { status: 422 });
      }
      await saveFeedProfile(db, actor, keyId, profile.value);
      return { done: "The column profile is saved: the key's next feed is read with it." } satisfies ActionResult;
    }
    case "add-host": {
      const host = parsePhotoHost(form.get("host"));
      const errors: Record<string, string> = {};
      if (!hasDealer) errors.dealer = "Choose the dealer whose feed may use this host";
      if (!host.ok) errors.host = host.violations[0]!.message;
      if (!host.ok || !hasDealer) return data<ActionResult>({ form: "host", errors }, { status: 422 });
      await addPhotoHost(db, actor, dealerId, host.value);
      return { done: `Photos may now be fetched from ${host.value}.` } satisfies ActionResult;
    }
    case "remove-host": {
      if (!hasDealer) throw data("Not found", { status: 404 });
      await removePhotoHost(db, actor, dealerId, String(form.get("host") ?? ""));
      return { done: `Photos are no longer fetched from ${String(form.get("host"))}.` } satisfies ActionResult;
    }
    default:
      throw data("Unknown action", { status: 400 });
  }
}

function DealerSelect({
  form,
  dealers,
  error,
}: {
  form: string;
  dealers: { id: number; name: string }[];
  error?: string;
}) {
  const options = dealers.map((dealer) => ({ value: dealer.id, label: dealer.name }));
  return (
    <Select
      form={form}
      name="dealer"
      label="Dealer"
      required
      defaultValue=""
      placeholder="Choose a dealer"
      options={options}
      error={error}
    />
  );
}

export default function Feeds({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  return (
    <>
      <h1 className="text-3xl font-bold">Stock feeds</h1>
      <p className="mt-3 max-w-prose">
        A dealer's management system sends its whole stock to{" "}
        <code>PUT /api/staff/dealers/&#123;dealer&#125;/stock</code> with one of the dealer's feed keys. Photos named in
        the feed are fetched only from the hosts listed below for that dealer.
      </p>

      <div className="mt-4">
        {result?.created ? <CreatedKey created={result.created} done={result.done} /> : <Notice>{result?.done}</Notice>}
      </div>

      <FeedKeys
        keys={loaderData.keys}
        dealers={loaderData.dealers}
        csrfToken={loaderData.csrfToken}
        errors={result?.form === "key" ? result.errors : undefined}
      />

      <ColumnProfiles keys={loaderData.keys} csrfToken={loaderData.csrfToken} result={result} />

      <PhotoHosts
        hosts={loaderData.hosts}
        dealers={loaderData.dealers}
        csrfToken={loaderData.csrfToken}
        errors={result?.form === "host" ? result.errors : undefined}
      />
    </>
  );
}

type FeedsData = Route.ComponentProps["loaderData"];

/** A new key, shown once: focused, so that it is announced, and selected when its field is. */
function CreatedKey({ created, done }: { created: NonNullable<ActionResult["created"]>; done: ActionResult["done"] }) {
  const createdRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focused for each new key
  useEffect(() => {
    createdRef.current?.focus();
  }, [created]);
  return (
    <div
      ref={createdRef}
      tabIndex={-1}
      role="status"
      className="rounded border-2 border-green-700 bg-green-50 p-4 text-green-900 outline-none"
    >
      <p className="font-semibold">{done}</p>
      <p className="mt-2">Copy the key now and give it to the system that sends the feed: it is not shown again.</p>
      <Field
        id="new-feed-key"
        label={`New key for ${created.dealerName} (${created.name})`}
        look={{ label: "mt-3 block font-semibold" }}
      >
        {(control) => (
          <input
            {...control}
            readOnly
            value={created.key}
            className={`${inputClass} font-mono`}
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
    </div>
  );
}

type DealerEntryFormProps = Pick<FeedsData, "dealers" | "csrfToken"> & {
  form: string;
  intent: string;
  heading: string;
  /** The one text field beside the dealer. */
  field: { name: string; label: string; hint: string };
  submit: string;
  errors: Record<string, string> | undefined;
};

/** A form that adds one thing for a dealer (a feed key, a photo host): the dealer, one text field, and the button. */
function DealerEntryForm({ form, intent, heading, field, submit, dealers, csrfToken, errors }: DealerEntryFormProps) {
  return (
    <Form method="post" className="mt-4 grid max-w-xl gap-4 rounded border border-gray-300 p-4">
      <h3 className="text-lg font-bold">{heading}</h3>
      <ErrorSummary form={form} errors={errors} fieldLabels={{ dealer: "Dealer", [field.name]: field.label }} />
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <DealerSelect form={form} dealers={dealers} error={errors?.dealer} />
      <TextField
        form={form}
        name={field.name}
        label={field.label}
        required
        hint={field.hint}
        error={errors?.[field.name]}
      />
      <div>
        <button type="submit" className={buttonClass}>
          {submit}
        </button>
      </div>
    </Form>
  );
}

type FeedKeysProps = Pick<FeedsData, "keys" | "dealers" | "csrfToken"> & { errors: Record<string, string> | undefined };

function FeedKeys({ keys, dealers, csrfToken, errors }: FeedKeysProps) {
  return (
    <section aria-labelledby="keys-heading" className="mt-8">
      <h2 id="keys-heading" className="text-2xl font-bold">
        Feed keys
      </h2>
      <DealerEntryForm
        form="key"
        intent="create-key"
        heading="Create a key"
        field={{ name: "name", label: "Name", hint: "What uses the key, for example the DMS's name." }}
        submit="Create key"
        dealers={dealers}
        csrfToken={csrfToken}
        errors={errors}
      />
      {keys.length === 0 ? (
        <p className="mt-4">No feed keys yet.</p>
      ) : (
        <StaffTable
          label="Feed keys table"
          caption="Feed keys"
          columns={["Dealer", "Name", "Key starts with", "Created", "Last used", "Status"]}
        >
          {keys.map((key) => (
            <tr key={key.id}>
              <td className={staffCellClass}>{key.dealerName}</td>
              <td className={staffCellClass}>{key.name}</td>
              <td className={`${staffCellClass} font-mono`}>{key.keyPrefix}…</td>
              <td className={staffCellClass}>{key.created}</td>
              <td className={staffCellClass}>{key.lastUsed}</td>
              <td className={staffCellClass}>
                {key.revoked ? (
                  `Revoked ${key.revoked}`
                ) : (
                  <Form method="post">
                    <CsrfField token={csrfToken} />
                    <input type="hidden" name="intent" value="revoke-key" />
                    <input type="hidden" name="key" value={key.id} />
                    <button type="submit" className={secondaryButtonClass}>
                      Revoke
                      <span className="sr-only">
                        {" "}
                        key {key.name} of {key.dealerName}
                      </span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

type PhotoHostsProps = Pick<FeedsData, "hosts" | "dealers" | "csrfToken"> & {
  errors: Record<string, string> | undefined;
};

function PhotoHosts({ hosts, dealers, csrfToken, errors }: PhotoHostsProps) {
  return (
    <section aria-labelledby="hosts-heading" className="mt-10">
      <h2 id="hosts-heading" className="text-2xl font-bold">
        Photo hosts
      </h2>
      <DealerEntryForm
        form="host"
        intent="add-host"
        heading="Allow a host"
        field={{
          name: "host",
          label: "Host",
          hint: "A host name such as photos.dms.example (https), or host:port, which also allows plain http to that port. A private address is fetched from only when the address itself is listed.",
        }}
        submit="Add host"
        dealers={dealers}
        csrfToken={csrfToken}
        errors={errors}
      />
      {hosts.length === 0 ? (
        <p className="mt-4">No photo hosts yet: feeds' photos are not fetched.</p>
      ) : (
        <StaffTable label="Photo hosts table" caption="Photo hosts" columns={["Dealer", "Host", "Remove"]}>
          {hosts.map((host) => (
            <tr key={`${host.dealerId}-${host.host}`}>
              <td className={staffCellClass}>{host.dealerName}</td>
              <td className={`${staffCellClass} font-mono`}>{host.host}</td>
              <td className={staffCellClass}>
                <Form method="post">
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="intent" value="remove-host" />
                  <input type="hidden" name="dealer" value={host.dealerId} />
                  <input type="hidden" name="host" value={host.host} />
                  <button type="submit" className={secondaryButtonClass}>
                    Remove
                    <span className="sr-only">
                      {" "}
                      {host.host} for {host.dealerName}
                    </span>
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

type KeyRow = Route.ComponentProps["loaderData"]["keys"][number];

const PROFILE_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    FEED_COLUMNS.map((column) => [`column.${column}`, column === "photos" ? "Photos" : STOCK_FIELD_LABELS[column]]),
  ),
  valueMaps: "Value mappings",
};

/**
 * Each key's column profile: the export's header for a field when the built-in names do not
 * find it, and how the export's values map to the site's. A plain form per key, in a disclosure.
 */
function ColumnProfiles({
  keys,
  csrfToken,
  result,
}: {
  keys: KeyRow[];
  csrfToken: string;
  result: ActionResult | undefined;
}) {
  const active = keys.filter((key) => !key.revoked);
  return (
    <section aria-labelledby="profiles-heading" className="mt-10">
      <h2 id="profiles-heading" className="text-2xl font-bold">
        Column profiles
      </h2>
      <p className="mt-3 max-w-prose">
        A feed is read by its header row: the site's own column names and those of common DMS exports (StockNo, VinNo,
        MMCode, Regno, ModelYear, Odometer, Selling Price, Gearbox, Bodytype, NewUsed, Images...) are known. Where a
        key's export names a column otherwise, or uses its own words for a value, say so here; other columns are ignored
        and listed in each import's report.
      </p>
      {active.length === 0 ? <p className="mt-4">No active feed keys.</p> : null}
      {active.map((key) => {
        const errors = result?.form === "profile" && result.keyId === key.id ? result.errors : undefined;
        const formName = `profile-${key.id}`;
        return (
          <details
            key={key.id}
            className="mt-4 max-w-3xl rounded border border-gray-300 p-4"
            open={errors !== undefined}
          >
            <summary className="cursor-pointer font-semibold">
              {key.dealerName}: {key.name}
            </summary>
            <Form method="post" className="mt-4 grid gap-4">
              <ErrorSummary form={formName} errors={errors} fieldLabels={PROFILE_LABELS} />
              <CsrfField token={csrfToken} />
              <input type="hidden" name="intent" value="save-profile" />
              <input type="hidden" name="key" value={key.id} />
              <fieldset className="grid gap-3 sm:grid-cols-2">
                <legend className="font-semibold">The export's header for each field (blank: the known names)</legend>
                {FEED_COLUMNS.map((column) => (
                  <TextField
                    key={column}
                    form={formName}
                    name={`column.${column}`}
                    label={PROFILE_LABELS[`column.${column}`]!}
                    defaultValue={(key.profile.columns as Record<string, string | undefined>)[column] ?? ""}
                    error={errors?.[`column.${column}`]}
                  />
                ))}
              </fieldset>
              <TextArea
                form={formName}
                name="valueMaps"
                label="Value mappings"
                hint={
                  <>
                    One a line: field, the export's value, the site's value, as in{" "}
                    <code>Transmission: 7G-Tronic = Automatic</code> or <code>Body type: Hi-Rider = Bakkie</code>.
                  </>
                }
                rows={4}
                defaultValue={valueMapsText(key.profile)}
                error={errors?.valueMaps}
              />
              <div>
                <button type="submit" className={buttonClass}>
                  Save profile<span className="sr-only"> for {key.name}</span>
                </button>
              </div>
            </Form>
          </details>
        );
      })}
    </section>
  );
}
