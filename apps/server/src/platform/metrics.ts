/**
 * A small Prometheus writer (text exposition format 0.0.4): counters and histograms kept in memory, and
 * gauges read when scraped. prom-client is not a dependency; this is the part of it the server needs.
 *
 * A metric's labelled children are made once (`labels(...)`) and kept, so that counting on a hot path is a
 * Map lookup by the caller's own key and an addition: nothing is formatted until a scrape.
 */
export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** Prometheus' default latency buckets (seconds): 5 ms to 10 s. */
export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** A label value as the format writes it: backslash, double quote and newline escaped. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

/** `{a="x",b="y"}`, or "" without labels; `extra` is appended (a histogram's `le`). */
function labelSet(names: readonly string[], values: readonly string[], extra = ""): string {
  const parts = names.map((name, i) => `${name}="${escapeLabel(values[i] ?? "")}"`);
  if (extra) parts.push(extra);
  return parts.length === 0 ? "" : `{${parts.join(",")}}`;
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`;
}

interface Family {
  /** The family's lines, HELP and TYPE first. */
  render(): string | Promise<string>;
}

export class CounterChild {
  value = 0;
  inc(by = 1) {
    this.value += by;
  }
}

/** A value that only goes up (since the process started). */
export class Counter implements Family {
  private readonly children = new Map<string, { values: string[]; child: CounterChild }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[] = [],
  ) {}

  /** The child for these label values, in the order of `labelNames`; keep it to count without a lookup. */
  labels(...values: string[]): CounterChild {
    const key = values.join("\u0000");
    let entry = this.children.get(key);
    if (!entry) {
      entry = { values, child: new CounterChild() };
      this.children.set(key, entry);
    }
    return entry.child;
  }

  inc(by = 1) {
    this.labels().inc(by);
  }

  render(): string {
    let out = header(this.name, this.help, "counter");
    for (const { values, child } of this.children.values()) {
      out += `${this.name}${labelSet(this.labelNames, values)} ${formatValue(child.value)}\n`;
    }
    return out;
  }
}

export class HistogramChild {
  /** Observations per bucket (not cumulative; the scrape adds them up), and one past the last bound. */
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Array(bounds.length + 1).fill(0);
  }

  observe(value: number) {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]! += 1;
    this.sum += value;
    this.count += 1;
  }
}

/** How values spread over buckets (`le`, cumulative at the scrape), with their sum and count. */
export class Histogram implements Family {
  private readonly children = new Map<string, { values: string[]; child: HistogramChild }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[] = [],
    readonly buckets: readonly number[] = DEFAULT_BUCKETS,
  ) {}

  labels(...values: string[]): HistogramChild {
    const key = values.join("\u0000");
    let entry = this.children.get(key);
    if (!entry) {
      entry = { values, child: new HistogramChild(this.buckets) };
      this.children.set(key, entry);
    }
    return entry.child;
  }

  render(): string {
    let out = header(this.name, this.help, "histogram");
    for (const { values, child } of this.children.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += child.counts[i]!;
        out += `${this.name}_bucket${labelSet(this.labelNames, values, `le="${formatValue(bound)}"`)} ${cumulative}\n`;
      });
      out += `${this.name}_bucket${labelSet(this.labelNames, values, 'le="+Inf"')} ${child.count}\n`;
      out += `${this.name}_sum${labelSet(this.labelNames, values)} ${formatValue(child.sum)}\n`;
      out += `${this.name}_count${labelSet(this.labelNames, values)} ${child.count}\n`;
    }
    return out;
  }
}

export interface GaugeSample {
  labels: string[];
  value: number;
}

/** A value read when scraped (a pool's connections, a queue's depth): nothing is kept between scrapes. */
export class Gauge implements Family {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    private readonly collect: () => GaugeSample[] | Promise<GaugeSample[]>,
  ) {}

  async render(): Promise<string> {
    const samples = await this.collect();
    let out = header(this.name, this.help, "gauge");
    for (const sample of samples) {
      out += `${this.name}${labelSet(this.labelNames, sample.labels)} ${formatValue(sample.value)}\n`;
    }
    return out;
  }
}

/** Families rendered in order into one exposition; a gauge that fails to read fails the scrape. */
export async function renderMetrics(families: readonly Family[]): Promise<string> {
  const parts = await Promise.all(families.map((family) => family.render()));
  return parts.join("");
}
