import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useSession } from "../../state/session.ts";
import { Specimen, TestGallery } from "./TestGallery.tsx";

/**
 * /test/secret: a page the guards keep for admins, showing what they decided with: the token's scopes and
 * expiry (spec 3: exp and scopes) and the permissions the server returns.
 */
export default function SecretTestPage() {
  const session = useSession();
  const permissions = useQuery({
    queryKey: ["test", "secret", "permissions"],
    queryFn: ({ signal }) => api.call("GET /users/self/permissions", { signal }),
  });
  return (
    <TestGallery
      title="secret"
      about="Only admins reach this page; a visitor goes to log in and a user who is not an admin too."
    >
      <Specimen title="The access token">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Signed in as</dt>
          <dd>@{session?.user?.username}</dd>
          <dt className="font-medium">Scopes</dt>
          <dd>{session?.claims.scopes.join(", ")}</dd>
          <dt className="font-medium">Expires</dt>
          <dd>{session ? new Date(session.claims.exp * 1000).toLocaleString() : ""}</dd>
        </dl>
      </Specimen>
      <Specimen title="Permissions from the server">
        {permissions.data ? (
          <pre className="overflow-x-auto rounded-ui bg-wash p-3 text-sm">
            {JSON.stringify(permissions.data, null, 2)}
          </pre>
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </Specimen>
    </TestGallery>
  );
}
