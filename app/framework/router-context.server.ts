import { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "../load-context.ts";

/**
 * The context React Router hands a page request's loaders and actions: since React Router 8 always a
 * RouterContextProvider, carrying the server's AppContext under `appContext` (app/load-context.ts).
 */
export function routerContextOf(context: AppContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[appContext, context]]));
}
