/** A step's refusal or failure, read out as it appears (role="alert"); nothing while there is none. */
export function WizardProblem({ text }: { text: string | null | undefined }) {
  return text ? (
    <p role="alert" className="font-medium text-danger">
      {text}
    </p>
  ) : null;
}
