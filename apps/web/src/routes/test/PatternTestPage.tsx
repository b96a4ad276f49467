import type { LoginResponse } from "@market/domain";
import { useState } from "react";
import { ApiError } from "../../api/client.ts";
import { PatternChallenge } from "../../auth/PatternChallenge.tsx";
import { patternImageUrl } from "../../auth/pattern-machine.ts";
import { Button } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { Specimen, TestGallery } from "./TestGallery.tsx";

/** The sample pattern the challenge accepts on this page: images 1, 5, 9 and 13. */
const SAMPLE = [0, 4, 8, 12];

/**
 * /test/pattern: the real pattern challenge (3 tries, the error shown 1 s, success 3 s then 0.5 s), checked
 * here against a sample pattern instead of a login, so trying it signs nobody in or out.
 */
export default function PatternTestPage() {
  const session = useSession();
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<string | null>(null);
  const attempt = async (pattern: number[]): Promise<LoginResponse> => {
    if (pattern.join("-") !== SAMPLE.join("-")) {
      throw new ApiError(401, {
        error: "invalid_pattern",
        message: "Wrong pattern",
        reason: "requires_pattern",
      });
    }
    if (!session?.user)
      throw new ApiError(401, { error: "unauthorized", message: "Please log in", reason: "invalid_token" });
    return { accessToken: session.token, user: session.user, tokenEvent: "login" };
  };
  return (
    <TestGallery
      title="pattern"
      about="The security-pattern challenge of a login. The sample pattern is shown below."
    >
      <Specimen title="The sample pattern">
        <ol className="flex gap-2">
          {SAMPLE.map((index) => (
            <li key={index}>
              <img
                src={patternImageUrl(index)}
                alt={`Pattern symbol ${index + 1}`}
                width={48}
                height={48}
                className="rounded-ui"
              />
            </li>
          ))}
        </ol>
      </Specimen>
      <Specimen title="Challenge">
        {outcome ? (
          <div className="flex flex-col gap-2">
            <p role="status">{outcome}</p>
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => {
                setOutcome(null);
                setRound(round + 1);
              }}
            >
              Try again
            </Button>
          </div>
        ) : (
          <PatternChallenge
            key={round}
            attempt={attempt}
            onComplete={() => setOutcome("Pattern accepted: a real login would continue now.")}
            onFailure={(error) =>
              setOutcome(`Failed: ${error instanceof Error ? error.message : String(error)}`)
            }
            onExhausted={() => setOutcome("Three wrong tries: a real login is locked now.")}
          />
        )}
      </Specimen>
    </TestGallery>
  );
}
