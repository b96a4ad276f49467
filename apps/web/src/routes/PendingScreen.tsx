import { useMatches } from "react-router";
import type { RouteHandle } from "../components/RootLayout.tsx";

/** A screen that a later issue builds: its real title and what the page is for, inside the layout. */
export default function PendingScreen() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{handle?.title}</h1>
      <p className="mt-3 text-muted">{handle?.purpose}</p>
    </section>
  );
}
