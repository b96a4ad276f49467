/**
 * Reads a captcha challenge the way a person looks at it: which tiles show the named colour and
 * shape. Tests and journeys use it to get past the captcha through the real endpoints.
 */
const FILLS: Record<string, string> = {
  red: "#dc2626",
  blue: "#2563eb",
  green: "#16a34a",
  orange: "#ea580c",
};
const SHAPE_OF: [RegExp, string][] = [
  [/<circle cx="50" cy="50" r="32"/, "circle"],
  [/<rect x="20"/, "square"],
  [/<polygon points="50,14/, "triangle"],
  [/<polygon points="50,10/, "star"],
];

export function solveCaptchaChallenge(challenge: {
  challenge: string;
  inputs: { code: string; image: string }[];
}): string[] {
  const [, colour, shape] = /Select every (\w+) (\w+)\./.exec(challenge.challenge) ?? [];
  const fill = FILLS[colour ?? ""];
  return challenge.inputs
    .filter(({ image }) => {
      const svg = Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString();
      const drawn = SHAPE_OF.find(([pattern]) => pattern.test(svg))?.[1];
      return drawn === shape && svg.includes(`fill="${fill}"/></g>`);
    })
    .map((i) => i.code);
}
