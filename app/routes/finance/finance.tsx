import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { data, redirect } from "react-router";
import { attributionOfRequest } from "../../../core/attribution/visit.ts";
import { FINANCE_LEAD_TYPE, STEP_FIELDS } from "../../../core/finance/application-schema.ts";
import { submitFinanceApplication } from "../../../core/finance/applications.server.ts";
import { listRangeModels } from "../../../core/catalogue/ranges.server.ts";
import { dealerDirectoryModel } from "../../../core/dealers/dealers.server.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { calculatorDefaults, parseValues, RepaymentCalculator } from "./calculator.tsx";
import { stepGroups } from "./fields.ts";
import { FinanceWizard, type FormValues } from "./wizard.tsx";
import type { Route } from "./+types/finance";
import { pageMeta } from "../../lib/meta.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { useHydrated } from "../../lib/hydrated.ts";

/** The calculator's price when no vehicle is chosen: a typical new Honda. */
const DEFAULT_VEHICLE_PRICE = 350_000;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Apply for Vehicle Finance Online | Honda Dealer Group",
    description:
      "Apply for Honda vehicle finance online in five steps and estimate your monthly repayment with our calculator. New and pre-owned vehicles.",
  });
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = pageUrlOf(request);
  const [scope, { dealers }, models] = await Promise.all([
    resolveDealerScope(context.get(appContext).readModels, request, params),
    context.get(appContext).readModels.read(dealerDirectoryModel),
    listRangeModels(context.get(appContext).readModels),
  ]);
  const modelSlug = url.searchParams.get("model");
  const chosen = modelSlug ? models.find((m) => m.model_slug === modelSlug) : undefined;
  const defaultPrice = chosen?.minPrice ?? DEFAULT_VEHICLE_PRICE;
  const q = (name: string) => url.searchParams.get(name);
  const defaults = calculatorDefaults(defaultPrice);
  const calculator =
    q("reset") === "1"
      ? defaults
      : parseValues(
          { price: q("price"), deposit: q("deposit"), term: q("term"), balloon: q("balloon"), rate: q("rate") },
          defaults,
        );
  return {
    dealers: dealers.map((d) => ({ slug: d.slug, dealerName: d.dealerName })),
    modelNames: [...new Set(models.map((m) => m.model))],
    scopedDealerSlug: scope.dealer?.slug ?? "",
    chosenModel: chosen ? { name: `${chosen.make} ${chosen.model}`, model: chosen.model, type: chosen.type } : null,
    defaultPrice,
    calculator,
    /** One per form render: a double submit of this form stores one application. */
    idempotencyKey: crypto.randomUUID(),
  };
}

/** Without JavaScript the whole application is posted here and validated with the same schemas as the API. */
export async function action({ context, request }: Route.ActionArgs) {
  const body = await readFormBody(request);
  if (!body.ok) throw data({ formError: body.message }, { status: body.status });
  const form = body.form;
  const input: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") input[name] = value;
  const attribution = attributionOfRequest(request.headers.get("Cookie"));
  let result: Awaited<ReturnType<typeof submitFinanceApplication>>;
  try {
    result = await submitFinanceApplication(context.get(appContext).db, context.get(appContext).financeCipher, input, {
      attribution,
    });
  } catch {
    // Not logged on purpose: a failed query's message carries its parameters.
    throw data("We could not store your application just now. Please try again in a moment.", { status: 503 });
  }
  if (result.ok) {
    if (result.created) context.get(appContext).countLead?.({ leadType: FINANCE_LEAD_TYPE, attribution });
    return redirect("/finance/thank-you", 303);
  }
  if ("keyReused" in result) {
    // This page's form was sent already and has since been changed (a Back after the thank-you): a new render has a new key.
    throw data("This application was sent already. To send another, please reload the finance page and start again.", {
      status: 409,
    });
  }
  const errors: Record<string, string> = {};
  for (const v of result.violations) if (!(v.propertyPath in errors)) errors[v.propertyPath] = v.message;
  const known = new Set(STEP_FIELDS.flat());
  const values = Object.fromEntries(Object.entries(input).filter(([name]) => known.has(name)));
  return data({ errors, values }, { status: 422 });
}

export default function FinancePage({ loaderData, actionData }: Route.ComponentProps) {
  const { dealers, modelNames, scopedDealerSlug, chosenModel, defaultPrice, calculator, idempotencyKey } = loaderData;
  const enhanced = useHydrated();
  const initialValues: FormValues = actionData?.values ?? {
    dealership: scopedDealerSlug,
    make: "Honda",
    variant: chosenModel ? "new" : "",
    model: chosenModel?.model ?? "",
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Apply for Vehicle Finance</h1>
      <p className="mt-3 max-w-3xl text-lg">
        Apply for finance on a new or pre-owned Honda in five short steps. Your identity number, bank details and
        figures are encrypted and only used to assess this application.
      </p>
      <div className="mt-8">
        <RepaymentCalculator
          defaultPrice={defaultPrice}
          initial={calculator}
          vehicleName={chosenModel?.name ?? null}
          enhanced={enhanced}
        />
      </div>
      <section aria-labelledby="finance-application-title" className="mt-12">
        <h2 id="finance-application-title" className="text-2xl font-semibold">
          Your finance application
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Fields marked{" "}
          <span aria-hidden="true" className="text-brand-red">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <datalist id="finance-model-names">
          {modelNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <FinanceWizard
          groups={stepGroups(dealers)}
          initialValues={initialValues}
          initialErrors={actionData?.errors ?? {}}
          idempotencyKey={idempotencyKey}
        />
      </section>
    </div>
  );
}
