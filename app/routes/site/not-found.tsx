import { data } from "react-router";
import { NotFound } from "../../components/not-found.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found | Honda Dealer Group" }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
