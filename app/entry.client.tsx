import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's default client entry (`react-router reveal entry.client`, 8.4) with one change: hydration starts
 * in a task of its own. Importing React DOM runs its whole CommonJS body (the build wraps it and runs it on first
 * use, here), and `hydrateRoot` then registers every event listener React uses; in one task the two held a phone's
 * main thread long enough to delay its first tap (decision 048).
 */
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
