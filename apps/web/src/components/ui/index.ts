/**
 * The app's building blocks: every screen composes these and never repeats their class strings. Colours
 * come from the theme's variables (styles.css), so an admin's palette reaches every primitive.
 */

export { Modal as Dialog } from "../Modal.tsx";
export { Toast, useTimedNotice } from "../Toast.tsx";
export { Badge, type BadgeTone } from "./Badge.tsx";
export { Button, type ButtonProps, Spinner } from "./Button.tsx";
export { type ButtonSize, type ButtonVariant, buttonClass } from "./button.ts";
export { Card } from "./Card.tsx";
export {
  Checkbox,
  CONTROL_CLASS,
  type ControlBindings,
  Field,
  type FieldMessages,
  Input,
  Select,
  SelectField,
  TextAreaField,
  Textarea,
  TextField,
} from "./fields.tsx";
export { LinkButton } from "./LinkButton.tsx";
export { Price } from "./Price.tsx";
export { Sheet } from "./Sheet.tsx";
export { StarInput, type StarInputProps } from "./StarInput.tsx";
export { RatingBadge, type StarSize, Stars } from "./Stars.tsx";
export {
  EmptyState,
  type FailureWayOn,
  FormFailure,
  LoadingPlaceholder,
  ScreenFailure,
  Skeleton,
} from "./states.tsx";
export { type Column, TableHead } from "./Table.tsx";
