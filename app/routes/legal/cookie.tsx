import { LegalPage } from "../../components/legal-page.tsx";
import { dealerFromMatches, pageTitle } from "../../lib/meta.ts";
import { DEALER_SLUG_KEY } from "../../lib/scope.ts";
import type { Route } from "./+types/cookie";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Cookie policy", dealerFromMatches(matches)) },
    { name: "description", content: "Which cookies and browser storage this website uses, why, for how long, and how to remove them." },
  ];
}

export default function Cookie() {
  return (
    <LegalPage
      title="Cookie policy"
      intro="Cookies are small files a website stores in your browser. This site uses as few as possible: only what it needs to work as you expect. We use no advertising or tracking cookies and load no third-party scripts."
    >
      <h2>What we store and why</h2>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Cookies and browser storage">
        <table className="w-full border-collapse text-left text-base">
          <caption className="sr-only">Cookies and browser storage used by this site</caption>
          <thead>
            <tr className="border-b-2 border-brand-grey">
              <th scope="col" className="py-2 pr-4">Name</th>
              <th scope="col" className="py-2 pr-4">Where</th>
              <th scope="col" className="py-2 pr-4">Purpose</th>
              <th scope="col" className="py-2">How long</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-gray-200 align-top">
              <td className="py-2 pr-4 font-mono text-sm">{DEALER_SLUG_KEY}</td>
              <td className="py-2 pr-4">Cookie and local storage</td>
              <td className="py-2 pr-4">Remembers the dealership you chose, so that pages show that dealer's stock, specials and contact details.</td>
              <td className="py-2">One year, or until you open the home page, which clears it</td>
            </tr>
            <tr className="border-b border-gray-200 align-top">
              <td className="py-2 pr-4 font-mono text-sm">finance_application</td>
              <td className="py-2 pr-4">Local storage</td>
              <td className="py-2 pr-4">Keeps a finance application you have started on your own device so that you can finish it later.</td>
              <td className="py-2">Until you submit the application or clear your browser storage</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>These are strictly necessary for the features you use, so we do not ask for consent to them; none of them is sent to anyone else.</p>

      <h2>Other websites</h2>
      <p>
        Links to maps, WhatsApp, Facebook and Instagram open those services in a new tab. They set their own cookies under their own policies once
        you visit them; our pages do not load them.
      </p>

      <h2>Removing cookies</h2>
      <p>
        You can delete cookies and site data in your browser's settings at any time, or block them. The site still works without them, but will not
        remember your chosen dealership.
      </p>

      <p>
        More about how we handle personal information is in our <a href="/policy">privacy policy</a>.
      </p>
    </LegalPage>
  );
}
