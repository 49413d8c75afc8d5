import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CellField, CheckboxField, type ControlProps, Field, FieldError, FieldSet, Options } from "./field.tsx";

const look = { label: "label", hint: "hint", error: "error", mark: "mark" };
const input = (control: object) => createElement("input", { ...control, name: "email" });
const html = (element: ReactNode) => renderToStaticMarkup(element);

/** A kit component rendered with its render-prop child: the control, given the kit's props for it. */
function wired<Props extends { children: (control: never) => ReactNode }>(
  component: (props: Props) => ReactNode,
  props: Omit<Props, "children">,
  control: Props["children"],
) {
  return html(createElement(component, { ...props, children: control } as Props));
}

describe("a labelled field", () => {
  it("ties its label to the control by the control's id", () => {
    const markup = wired(Field, { id: "alert-email", label: "Email address" }, input);
    expect(markup).toBe(
      '<div><label for="alert-email">Email address</label><input id="alert-email" name="email"/></div>',
    );
  });

  it("describes the control by its error, then its hint, and marks it invalid while in error", () => {
    const markup = wired(
      Field,
      {
        id: "dealer-slug",
        label: "Slug",
        hint: "Its pages are at /dealer/ followed by this.",
        error: "Choose another slug.",
        look,
      },
      input,
    );
    expect(markup).toBe(
      '<div><label for="dealer-slug" class="label">Slug</label>' +
        '<p id="dealer-slug-hint" class="hint">Its pages are at /dealer/ followed by this.</p>' +
        '<input id="dealer-slug" aria-invalid="true" aria-describedby="dealer-slug-error dealer-slug-hint" name="email"/>' +
        '<p id="dealer-slug-error" class="error">Choose another slug.</p></div>',
    );
  });

  it("shows the hint under the control when asked to", () => {
    const markup = wired(
      Field,
      {
        id: "q",
        label: "Search",
        hint: "Make or model",
        hintAfterControl: true,
      },
      input,
    );
    expect(markup).toBe(
      '<div><label for="q">Search</label><input id="q" aria-describedby="q-hint" name="email"/><p id="q-hint">Make or model</p></div>',
    );
  });

  it("marks a required field's label with an asterisk that is not read out", () => {
    const markup = wired(Field, { id: "time", label: "Time", required: true, look }, input);
    expect(markup).toContain(
      '<label for="time" class="label">Time<span aria-hidden="true" class="mark"> *</span></label>',
    );
  });

  it("gives its control no aria attributes when it has neither hint nor error", () => {
    let given: ControlProps | undefined;
    wired(
      Field,
      {
        id: "name",
        label: "Name",
      },
      (control: ControlProps) => {
        given = control;
        return null;
      },
    );
    expect(given).toEqual({ id: "name", "aria-invalid": undefined, "aria-describedby": undefined });
  });
});

describe("a checkbox field", () => {
  it("puts the checkbox before its label in one row, and its error under both", () => {
    const markup = wired(
      CheckboxField,
      {
        id: "alert-consent",
        label: "I agree",
        error: "Tick the box to agree.",
        required: true,
        look,
        rowClassName: "row",
      },
      (control: ControlProps) => createElement("input", { ...control, type: "checkbox" }),
    );
    expect(markup).toBe(
      '<div><div class="row"><input id="alert-consent" aria-invalid="true" aria-describedby="alert-consent-error" type="checkbox"/>' +
        '<label for="alert-consent" class="label">I agree<span aria-hidden="true" class="mark"> *</span></label></div>' +
        '<p id="alert-consent-error" class="error">Tick the box to agree.</p></div>',
    );
  });
});

describe("a group of choices", () => {
  const radios = (control: object) => createElement("input", { ...control, type: "radio", name: "answer" });

  it("is described by its error and hint, and marks each of its controls invalid while in error", () => {
    const markup = wired(
      FieldSet,
      {
        id: "finance",
        legend: "Is there finance owing?",
        hint: "On the car you sell",
        error: "Choose yes or no.",
        look,
      },
      radios,
    );
    expect(markup).toBe(
      '<fieldset aria-describedby="finance-error finance-hint"><legend class="label">Is there finance owing?</legend>' +
        '<p id="finance-hint" class="hint">On the car you sell</p>' +
        '<input aria-invalid="true" type="radio" name="answer"/>' +
        '<p id="finance-error" class="error">Choose yes or no.</p></fieldset>',
    );
  });

  it("takes the id itself, focusable, when an error summary links to it, with the error above a long list", () => {
    const markup = wired(
      FieldSet,
      {
        id: "account-dealerIds",
        legend: "Dealers",
        error: "Choose a dealer.",
        linkTarget: true,
        errorBeforeControls: true,
      },
      radios,
    );
    expect(markup).toBe(
      '<fieldset id="account-dealerIds" tabindex="-1" aria-describedby="account-dealerIds-error"><legend>Dealers</legend>' +
        '<p id="account-dealerIds-error">Choose a dealer.</p>' +
        '<input aria-invalid="true" type="radio" name="answer"/></fieldset>',
    );
  });
});

describe("a control in a grid cell", () => {
  it("is named by aria-label and described by its error and the grid's hint", () => {
    const markup = wired(
      CellField,
      {
        id: "dealer-opens_mon",
        label: "Monday opens",
        error: "A time such as 07:30.",
        describedByAlso: "dealer-hours-hint",
      },
      input,
    );
    expect(markup).toBe(
      '<div><input id="dealer-opens_mon" aria-label="Monday opens" aria-invalid="true" ' +
        'aria-describedby="dealer-opens_mon-error dealer-hours-hint" name="email"/>' +
        '<p id="dealer-opens_mon-error">A time such as 07:30.</p></div>',
    );
  });
});

describe("a field's error on its own", () => {
  it("is announced when it stands apart from its field", () => {
    expect(html(createElement(FieldError, { id: "body-image-file", error: "Not an image.", role: "alert" }))).toBe(
      '<p id="body-image-file-error" role="alert">Not an image.</p>',
    );
  });

  it("renders nothing without an error", () => {
    expect(html(createElement(FieldError, { id: "body-image-file" }))).toBe("");
  });
});

describe("a select's options", () => {
  it("start with an empty choice when there is a placeholder", () => {
    const options = createElement(Options, {
      choices: [
        { value: "adf", label: "ADF XML" },
        { value: 2, label: "JSON" },
      ],
      placeholder: "Choose…",
    });
    expect(html(createElement("select", null, options))).toBe(
      '<select><option value="">Choose…</option><option value="adf">ADF XML</option><option value="2">JSON</option></select>',
    );
  });
});
