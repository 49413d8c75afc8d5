import { appContext } from "../../load-context.ts";
import { Link } from "react-router";
import { STAFF_ROLE_LABELS } from "../../../core/staff/roles.ts";
import { staffToDo, type ToDoItem } from "../../../core/staff/to-do.server.ts";
import { formatNumber } from "../../../core/shared/format.ts";
import { STAFF_TITLE_SUFFIX, staffNavigation } from "../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../lib/staff.server.ts";
import type { Route } from "./+types/home";

/** /staff: what needs doing for the signed-in person's dealers, then every page their role may use. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return {
      roleLabel: STAFF_ROLE_LABELS[actor.role],
      toDo: await staffToDo(context.get(appContext), actor),
      pages: staffNavigation(actor).filter((page) => page.to !== "/staff"),
    };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Overview${STAFF_TITLE_SUFFIX}` }];

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { toDo } = loaderData;
  const jobs = [
    toDo.newLeadsToday && {
      item: toDo.newLeadsToday,
      text: `${count(toDo.newLeadsToday.count, "new lead", "new leads")} today not contacted yet`,
      link: "Open them in the inbox",
    },
    toDo.vehiclesWithoutPhotos && {
      item: toDo.vehiclesWithoutPhotos,
      text: `${count(toDo.vehiclesWithoutPhotos.count, "vehicle", "vehicles")} in stock without photos`,
      link: "List them",
    },
    toDo.channelAlarms && {
      item: toDo.channelAlarms,
      text: `${count(toDo.channelAlarms.count, "channel alarm", "channel alarms")}`,
      link: "See the channels",
    },
  ].filter((job) => job !== null);
  return (
    <>
      <h1 className="text-3xl font-bold">Back office</h1>
      <p className="mt-3">You are signed in as a {loaderData.roleLabel.toLowerCase()}.</p>
      {jobs.length > 0 ? (
        <section aria-labelledby="to-do" className="mt-6">
          <h2 id="to-do" className="text-2xl font-bold">
            What needs doing
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {jobs.map((job) => (
              <ToDo key={job.item.href} item={job.item} text={job.text} link={job.link} />
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className="mt-8 text-2xl font-bold">Your pages</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.pages.map((page) => (
          <li key={page.to}>
            <Link
              to={page.to}
              className="block rounded border border-gray-300 p-4 text-lg font-semibold text-brand-red underline hover:bg-gray-50"
            >
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One job: how many, and the link to the page that lists them (which says what it is, read alone). */
function ToDo({ item, text, link }: { item: ToDoItem; text: string; link: string }) {
  const waiting = item.count > 0;
  return (
    <li className={`rounded border-2 p-4 ${waiting ? "border-brand-red" : "border-gray-300"}`}>
      <p className="text-lg font-semibold">{text}</p>
      <p className="mt-2">
        <Link to={item.href} className="font-semibold text-brand-red underline">
          {link}
          <span className="sr-only">: {text}</span>
        </Link>
      </p>
    </li>
  );
}
