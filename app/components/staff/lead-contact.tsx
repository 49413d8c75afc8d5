import { normaliseSaCell } from "../../../core/leads/phone.ts";

/**
 * One-tap ways to answer a lead on a phone: call, WhatsApp (a South African cell number in international form,
 * as wa.me takes it) and e-mail, each a plain link the phone hands to its app.
 */

const actionClass =
  "inline-flex min-h-12 min-w-0 items-center justify-center rounded bg-brand-red px-2 py-2 sm:px-5 text-center font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey";

type Props = {
  name: string;
  firstName: string;
  phone: string | null;
  email: string | null;
  dealerName: string;
  reference: string;
};

/** The links' addresses: tel: and wa.me from the number as sent, null for what the lead lacks. */
export function contactLinks({ firstName, phone, email, dealerName, reference }: Omit<Props, "name">) {
  const cell = phone ? normaliseSaCell(phone) : null;
  const greeting = `Hello ${firstName}, this is ${dealerName} about your enquiry ${reference}.`;
  return {
    call: cell ? `tel:${cell}` : phone ? `tel:${phone.replace(/[^\d+]/g, "")}` : null,
    whatsApp: cell ? `https://wa.me/${cell.slice(1)}?${new URLSearchParams({ text: greeting })}` : null,
    email: email ? `mailto:${email}` : null,
  };
}

export function LeadContactActions(props: Props) {
  const links = contactLinks(props);
  const actions = [
    { label: "Call", href: links.call },
    { label: "WhatsApp", href: links.whatsApp },
    { label: "E-mail", href: links.email },
  ].filter((action): action is { label: string; href: string } => action.href !== null);
  if (actions.length === 0) return null;
  return (
    <nav aria-label={`Contact ${props.name}`} className="mt-4">
      <ul className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        {actions.map((action) => (
          <li key={action.label} className="grid">
            <a href={action.href} className={actionClass}>
              {action.label}
              <span className="sr-only"> {props.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
