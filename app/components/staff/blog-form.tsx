import { Form, useNavigation } from "react-router";
import { BLOG_FIELD_LABELS, type BlogField } from "../../../core/content/blog-schema.ts";
import { controlProps, Field, FieldError } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { Select, namedFieldsOf } from "./fields.tsx";
import { buttonClass, ErrorSummary, inputClass, secondaryButtonClass, staffLook, TextField } from "./form.tsx";

export type BlogFormValues = Partial<Record<BlogField, string>>;

const FORM = "blog";

type Props = {
  csrfToken: string;
  values: BlogFormValues;
  errors: Record<string, string>;
  /** The current hero image, when editing. */
  imageUri?: string;
  submitLabel: string;
};

/**
 * A blog post's fields: a plain multipart form, so that the hero image goes with the text and it
 * works without JavaScript. The body is Markdown; the server turns it into sanitised HTML.
 */
export function BlogForm({ csrfToken, values, errors, imageUri, submitLabel }: Props) {
  const busy = useNavigation().state === "submitting";
  const { text, area } = namedFieldsOf({ form: FORM, labels: BLOG_FIELD_LABELS, values, errors });
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-6" noValidate>
      <CsrfField token={csrfToken} />
      <ErrorSummary form={FORM} errors={errors} fieldLabels={BLOG_FIELD_LABELS} />
      <div className="grid gap-5 sm:grid-cols-2">
        {text("title", { required: true })}
        {text("slug", {
          hint: "Left empty, it is made from the title. The post's address is /blog/ followed by this.",
        })}
        {text("author", { required: true })}
        <Select
          form={FORM}
          name="status"
          label={BLOG_FIELD_LABELS.status}
          hint="Published with a time still to come is Scheduled: the post appears by itself at that time."
          defaultValue={values.status ?? "draft"}
          error={errors.status}
          options={[
            { value: "draft", label: "Draft" },
            { value: "published", label: "Published (or scheduled)" },
          ]}
        />
        {text("publishAt", { type: "datetime-local", hint: "South African time. Left empty, it is now." })}
        <Field
          id={`${FORM}-heroImage`}
          label={BLOG_FIELD_LABELS.heroImage}
          hint={
            <>JPEG, PNG or WebP, 16:9 is best. {imageUri ? "Choose a file only to replace the current one." : ""}</>
          }
          error={errors.heroImage}
          look={staffLook}
          after={
            imageUri ? (
              <img
                src={imageUri}
                alt="The post's current hero"
                width={240}
                height={135}
                className="mt-2 aspect-video h-auto w-60 rounded object-cover"
              />
            ) : null
          }
        >
          {(control) => (
            <input
              {...control}
              name="heroImage"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className={inputClass}
            />
          )}
        </Field>
      </div>
      {area("description", { hint: "One or two sentences for the blog list.", rows: 2 })}
      {area("body", {
        hint: "Markdown: ## for a heading, - for a list item, [text](https://...) for a link, ![description](address) for an image (upload one below to get its Markdown).",
        rows: 16,
      })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text("metaTitle", { hint: "For search engines. Left empty, it is the title." })}
        {text("keywords", { hint: "Separated by commas" })}
      </div>
      {area("metaDescription", { hint: "For search engines. Left empty, it is the summary.", rows: 2 })}
      <button type="submit" className={buttonClass} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** Upload an image for the post's body: the answer is the Markdown to paste where it should appear. */
export function BodyImageForm({
  csrfToken,
  markdown,
  error,
}: {
  csrfToken: string;
  markdown?: string;
  error?: string;
}) {
  const form = "body-image";
  const fileId = `${form}-file`;
  return (
    <section aria-labelledby="body-image-heading" className="mt-10 rounded border border-gray-300 p-4">
      <h2 id="body-image-heading" className="text-xl font-bold">
        An image for the body
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        noValidate
      >
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="body-image" />
        <Field id={fileId} label="Image file" look={staffLook}>
          {() => (
            <input
              {...controlProps(fileId, { error })}
              name="bodyImage"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className={inputClass}
            />
          )}
        </Field>
        <TextField form={form} name="alt" label="What the image shows" hint="For people who cannot see it" />
        <button type="submit" className={secondaryButtonClass}>
          Upload
        </button>
      </Form>
      <FieldError id={fileId} error={error} role="alert" className="mt-2 font-semibold text-brand-red" />
      {markdown ? (
        <div role="status" className="mt-4">
          <Field id={`${form}-markdown`} label="Markdown to paste into the body" look={staffLook}>
            {(control) => (
              <input
                {...control}
                readOnly
                value={markdown}
                className={inputClass}
                onFocus={(event) => event.currentTarget.select()}
              />
            )}
          </Field>
        </div>
      ) : null}
    </section>
  );
}
