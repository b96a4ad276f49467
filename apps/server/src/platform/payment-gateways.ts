import type { Config } from "../config.ts";
import { createSandboxGateway, type PaymentGateway } from "./payments.ts";

/**
 * The configured card processor. A real provider is added here behind the same PaymentGateway interface
 * (and a PAYMENT_GATEWAY value with its credentials in config.ts); nothing else in the product changes.
 */
export function createPaymentGateway(config: Pick<Config, "paymentGateway">): PaymentGateway {
  switch (config.paymentGateway) {
    case "sandbox":
      return createSandboxGateway();
  }
}
