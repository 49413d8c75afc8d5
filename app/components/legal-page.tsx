import type { ReactNode } from "react";

/** Who answers privacy and access-to-information requests for the group (fictitious demo details). */
export const INFORMATION_OFFICER = {
  name: "The Information Officer, Honda Dealer Group",
  email: "privacy@hondadealergroup.example.co.za",
  phone: "011 784 2200",
  address: "112 Rivonia Road, Sandown, Sandton, 2196",
};

const LEGAL_UPDATED = "2024-07-01";

/** The frame of the legal pages: one h1, the date of the last update and the text. */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const [year, month, day] = LEGAL_UPDATED.split("-");
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-brand-grey-light">
        Last updated <time dateTime={LEGAL_UPDATED}>{`${day}.${month}.${year}`}</time>
      </p>
      <div className="prose-site mt-6 leading-relaxed">
        <p className="text-lg">{intro}</p>
        {children}
      </div>
    </article>
  );
}

export function InformationOfficerContact() {
  return (
    <address className="not-italic rounded-lg border-l-4 border-brand-red bg-gray-50 p-4 wrap-anywhere">
      {INFORMATION_OFFICER.name}
      <br />
      {INFORMATION_OFFICER.address}
      <br />
      Email: <a href={`mailto:${INFORMATION_OFFICER.email}`}>{INFORMATION_OFFICER.email}</a>
      <br />
      Phone: <a href={`tel:+27${INFORMATION_OFFICER.phone.replace(/\s/g, "").slice(1)}`}>{INFORMATION_OFFICER.phone}</a>
    </address>
  );
}

/** The Information Regulator, where a data subject may complain (POPIA section 74). */
export function RegulatorContact() {
  return (
    <p>
      If you are not satisfied with how we handled your request or complaint, you may complain to the Information
      Regulator (South Africa): JD House, 27 Stiemens Street, Braamfontein, Johannesburg, 2001; email{" "}
      <a href="mailto:POPIAComplaints@inforegulator.org.za">POPIAComplaints@inforegulator.org.za</a>; website{" "}
      <a href="https://inforegulator.org.za/" target="_blank" rel="noopener noreferrer">
        inforegulator.org.za<span className="sr-only"> (opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
