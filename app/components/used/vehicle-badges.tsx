import type { UsedVehicleView } from "../../../core/inventory/used-vehicles.server.ts";

/** The badges over a vehicle's picture: Demo, and Reserved while another buyer holds it. */
export function VehicleBadges({ vehicle }: { vehicle: Pick<UsedVehicleView, "state_of_vehicle" | "status"> }) {
  if (vehicle.state_of_vehicle !== "Demo" && vehicle.status !== "Reserved") return null;
  return (
    <span className="absolute left-2 top-2 flex gap-2">
      {vehicle.state_of_vehicle === "Demo" && <Badge>Demo</Badge>}
      {vehicle.status === "Reserved" && <Badge>Reserved</Badge>}
    </span>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded bg-brand-red px-2 py-1 text-xs font-bold uppercase tracking-wide text-white">
      {children}
    </span>
  );
}
