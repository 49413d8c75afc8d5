import { Form } from "react-router";
import { FEED_COLUMNS, REQUIRED_FEED_COLUMNS } from "../../../core/inventory/feed-columns.ts";
import type { MappingStep } from "../../lib/stock-import.server.ts";
import { Field, Options } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "./form.tsx";
import { StaffTable, staffCellClass, staffHeadClass } from "./scrollable-table.tsx";

const HINT_CLASS = "text-sm text-brand-grey";

/**
 * The upload page's mapping step: each column of the file beside the field it fills (a list to change it), a
 * preview of the first rows as they will land, and the value mappings ("Fuel type: P = Petrol"). Saving keeps it
 * as the dealer's mapping of this layout and imports the file kept from the upload (no second upload).
 */
export function ColumnMapping({ step, csrfToken, busy }: { step: MappingStep; csrfToken: string; busy: boolean }) {
  return (
    <section aria-labelledby="mapping-heading" className="mt-8">
      <h2 id="mapping-heading" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Match the file's columns to the site's fields
      </h2>
      <p className="mt-2 max-w-prose">
        {step.fileName}: choose the field each column fills, or leave it not read. Saved, this becomes the dealer's
        mapping for files of this layout: the next upload, or the dealer's feed, is read with it and needs no clicks.
        Required: {REQUIRED_FEED_COLUMNS.join(", ")}.
      </p>
      {step.problem ? (
        <p id="mapping-problem" role="alert" className="mt-3 max-w-prose font-semibold text-brand-red">
          {step.problem}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-5" aria-busy={busy}>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="staged" value={step.token} />
        <input type="hidden" name="dealer" value={step.dealer} />
        {step.dryRun ? <input type="hidden" name="dryRun" value="on" /> : null}
        <ul className="grid max-w-2xl gap-4">
          {step.columns.map((column) => (
            <li key={column.index}>
              <Field
                id={`map-${column.index}`}
                label={column.header || `(column ${column.index + 1} has no name)`}
                hint={
                  column.samples.filter((sample) => sample !== "").length > 0
                    ? `For example: ${column.samples.filter((sample) => sample !== "").join(" · ")}`
                    : "Empty in the first rows"
                }
                look={{ label: labelClass, hint: `${HINT_CLASS} break-all` }}
              >
                {(control) => (
                  <select {...control} name={`map.${column.index}`} defaultValue={column.field} className={inputClass}>
                    <Options
                      choices={FEED_COLUMNS.map((field) => ({ value: field, label: field }))}
                      placeholder="Not read"
                    />
                  </select>
                )}
              </Field>
            </li>
          ))}
        </ul>
        <Field
          id="mapping-values"
          label="Values the file writes its own way"
          hint={
            'One a line, "Field: the file\'s value = the site\'s value", for example "fuelType: P = Petrol" or "bodyType: D/Cab = Bakkie".'
          }
          look={{ label: labelClass, hint: HINT_CLASS }}
          className="max-w-2xl"
        >
          {(control) => (
            <textarea {...control} name="valueMaps" rows={5} defaultValue={step.valueMaps} className={inputClass} />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="map" className={buttonClass} disabled={busy}>
            {step.dryRun ? "Save the mapping and do the dry run" : "Save the mapping and import"}
          </button>
          <button type="submit" name="intent" value="preview" className={secondaryButtonClass} disabled={busy}>
            Preview with these choices
          </button>
        </div>
      </Form>
      <Preview step={step} />
    </section>
  );
}

/** The first rows as the site will read them: each field's value, or why it would be refused. */
function Preview({ step }: { step: MappingStep }) {
  if (step.preview.length === 0) return null;
  const fields = [...new Set(step.preview.flatMap((row) => row.cells.map((cell) => cell.field)))];
  return (
    <>
      <h3 className="mt-6 text-xl font-bold">The first rows as they will land</h3>
      <StaffTable label="Preview table" caption="The first rows as they will land" columns={["Row", ...fields]}>
        {step.preview.map((row) => (
          <tr key={row.row}>
            <th scope="row" className={staffHeadClass}>
              {row.row}
            </th>
            {fields.map((field) => {
              const cell = row.cells.find((c) => c.field === field);
              return (
                <td key={field} className={`${staffCellClass} break-words`}>
                  {cell?.value ?? ""}
                  {cell?.problem ? <span className="block font-semibold text-brand-red">{cell.problem}</span> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
