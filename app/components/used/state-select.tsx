import { type ComponentProps, useState } from "react";

/**
 * A select that shows the listing's value and keeps the option the user has stepped to until it is
 * committed or the listing changes (a navigation, back and forward included).
 */
export function StateSelect({
  value,
  ...props
}: Omit<ComponentProps<"select">, "value" | "defaultValue" | "onChange"> & { value: string }) {
  const [shown, setShown] = useState(value);
  const [listed, setListed] = useState(value);
  if (value !== listed) {
    setListed(value);
    setShown(value);
  }
  return <select {...props} value={shown} onChange={(event) => setShown(event.target.value)} />;
}
