import { z } from "@market/domain/zod";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render.tsx";
import { Button } from "./Button.tsx";
import { TextField } from "./fields.tsx";
import { useDomainForm } from "./form.ts";

// A stand-in for a domain schema: limits as the domain states them, one with a message of its own.
const noteSchema = z.object({
  title: z.string().trim().min(1).max(8),
  copies: z.coerce.number().int().min(1).max(30),
  code: z.string().refine((value) => value === "" || value.startsWith("#"), { message: "Starts with #" }),
});

let submitted: z.output<typeof noteSchema> | null = null;

function NoteForm() {
  const { register, handleSubmit, watch, formState } = useDomainForm(noteSchema, {
    defaultValues: { title: "", copies: "1", code: "" },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        submitted = values;
      })}
    >
      <TextField
        id="title"
        label="Title"
        count={{ used: String(watch("title") ?? "").length, max: 8 }}
        error={errors.title?.message}
        {...register("title")}
      />
      <TextField id="copies" label="Copies" error={errors.copies?.message} {...register("copies")} />
      <TextField id="code" label="Code" error={errors.code?.message} {...register("code")} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe("useDomainForm", () => {
  it("says each broken limit in the site's words, keeps a schema's own message, and submits the output", async () => {
    submitted = null;
    renderScreen(NoteForm, "/form");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(submitted).toBeNull();

    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Fractions!" } });
    fireEvent.change(screen.getByLabelText("Copies"), { target: { value: "31" } });
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Too long: 10 of 8 characters")).toBeTruthy();
    expect(screen.getByText("At most 30")).toBeTruthy();
    expect(screen.getByText("Starts with #")).toBeTruthy();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(screen.getByLabelText("Title"), { target: { value: " Halves " } });
    fireEvent.change(screen.getByLabelText("Copies"), { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "#1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(submitted).toEqual({ title: "Halves", copies: 12, code: "#1" }));
  });
});
