import { Link } from "react-router";

export function meta() {
  return [
    { title: "Thank You | Finance Application | Honda Dealer Group" },
    { name: "description", content: "Thank you for your finance application. Our team will get back to you shortly." },
  ];
}

export default function FinanceThankYou() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Thank You for Your Enquiry!</h1>
      <p className="mt-4 text-lg">Our team will get back to you shortly.</p>
      <Link to="/" className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark">
        Back Home
      </Link>
    </div>
  );
}
