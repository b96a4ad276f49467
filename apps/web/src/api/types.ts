import type {
  colorsResponseSchema,
  cssOverrideResponseSchema,
  frontEndSettingsSchema,
  offlineResponseSchema,
  proTipResponseSchema,
  textsResponseSchema,
} from "@market/domain";
import type { z } from "zod";

/** Response types inferred from the domain contract (never redeclared here). */
export type FrontEndSettingsResponse = z.infer<typeof frontEndSettingsSchema>;
export type OfflineResponse = z.infer<typeof offlineResponseSchema>;
export type CssOverrideResponse = z.infer<typeof cssOverrideResponseSchema>;
export type TextsResponse = z.infer<typeof textsResponseSchema>;
export type ColorsResponse = z.infer<typeof colorsResponseSchema>;
export type ProTipResponse = z.infer<typeof proTipResponseSchema>;
