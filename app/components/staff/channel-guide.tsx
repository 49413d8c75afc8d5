/**
 * What staff need to connect a catalogue channel, on the channels page itself: where each channel takes its feed
 * URL, what the URL's buttons do, and what a vehicle needs to be published. Folded: staff who know it skip it.
 */

const CONNECT: { channel: string; steps: string }[] = [
  {
    channel: "Meta vehicles (cars on Facebook and Instagram)",
    steps:
      "In Meta's Commerce Manager: Catalogues, Create catalogue, Vehicles. Then Data sources, Add items, Data feed, Use a URL: paste the dealer's Meta vehicles feed URL, choose Replace (Meta then deletes what the file no longer lists), an hourly schedule and the currency ZAR. Marketplace listings also need the dealer's Facebook page id, set under \"Facebook page and location\" on the dealer's channels.",
  },
  {
    channel: "Meta products (motorcycles)",
    steps:
      "Meta's vehicle catalogue takes no motorcycles, so a Honda Wing dealer's go to a products catalogue: Commerce Manager, Create catalogue, E-commerce, Data feed, Use a URL: paste the Meta products feed URL, choose Replace and an hourly schedule.",
  },
  {
    channel: "TikTok vehicles",
    steps:
      "In TikTok Ads Manager: Assets, Catalogues, Create, Automotive. Then Add products, Data feed: paste the TikTok feed URL, update mode Replace, daily or more often. TikTok takes no motorcycles.",
  },
  {
    channel: "Marketplace export",
    steps:
      "South African marketplaces and syndicators have no sign-up form to paste into: send them the CSV or the JSON feed URL and ask for a full-stock import at least daily (each file is the dealer's whole current stock).",
  },
];

export function ChannelGuide({ rotationGraceHours }: { rotationGraceHours: number }) {
  return (
    <details className="mt-4 max-w-prose rounded border border-gray-300 px-4">
      <summary className="cursor-pointer py-3 font-semibold">How to connect a channel, and what it publishes</summary>
      <h2 className="mt-2 text-lg font-bold">Connecting each channel</h2>
      <dl className="mt-2">
        {CONNECT.map(({ channel, steps }) => (
          <div key={channel} className="mt-3">
            <dt className="font-semibold">{channel}</dt>
            <dd>{steps}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-4 text-lg font-bold">The feed URL</h2>
      <ul className="mt-2 list-disc pl-6">
        <li>
          Switch a channel on to publish: its URL answers the file. Switched off, the URL answers "not found" and the
          channel removes the vehicles at its next fetch.
        </li>
        <li>
          "Make a new URL" replaces the URL; the old one keeps working for {rotationGraceHours} hours, so paste the new
          one into the channel before then. "Revoke the URL" stops it at once.
        </li>
        <li>Anyone holding a URL can read the feed: share it only with the channel.</li>
      </ul>
      <h2 className="mt-4 text-lg font-bold">What a vehicle needs to be published</h2>
      <ul className="mt-2 mb-4 list-disc pl-6">
        <li>A VIN of 17 letters and digits, without I, O or Q, listed by one dealer of the group only.</li>
        <li>At least one JPEG or PNG photo at least 500 px on its short side.</li>
        <li>A description of at least 50 characters (the marketplace export: 30).</li>
        <li>A body type and fuel the channel takes (motorcycles: Meta products and the marketplace export only).</li>
        <li>
          Available or reserved: Meta vehicles shows a reserved car as pending, the other channels leave it out until it
          is available again.
        </li>
        <li>A vehicle a channel leaves out stays on the site; each dealer's channels list it with the reason.</li>
      </ul>
    </details>
  );
}
