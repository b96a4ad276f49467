import {
  AVATAR_SIZES,
  COUNTS,
  checkEmail,
  checkName,
  checkPassword,
  checkUsername,
  PATTERN_LENGTH,
  type SelfUser,
  TIMINGS,
} from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import { patternImageUrl } from "../../auth/pattern-machine.ts";
import { Button } from "../../components/ui/index.ts";
import { statusPath } from "../../guards/user-permissions.ts";
import { PERMISSIONS_KEY } from "../../state/permissions.ts";
import { selfUserKey } from "../../state/self-user.ts";
import { storeUser, useSession } from "../../state/session.ts";
import { useAccountTexts } from "./account-texts.ts";
import { Field, useUsernameAvailability } from "./account-ui.tsx";
import { signUpMessage } from "./sign-up-form.ts";

type T = ReturnType<typeof useAccountTexts>;

interface SaveContext {
  t: T;
  user: SelfUser;
  /** Stores the updated user everywhere and announces the saved toast. */
  saved: (user: SelfUser | null, message?: string) => void;
}

/** One section's save: its busy flag, 'Could not save changes' on failure, and the wrong-password field error. */
function useSave(t: T) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [wrongPassword, setWrongPassword] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    setWrongPassword(false);
    try {
      await work();
    } catch (error) {
      setFailed(true);
      if (error instanceof ApiError && error.status === 403 && error.code === "invalid_credentials")
        setWrongPassword(true);
      return error;
    } finally {
      setBusy(false);
    }
    return null;
  };
  const failure = failed ? (
    <p role="alert" className="text-sm font-medium text-danger">
      {t("save.failed")}
    </p>
  ) : null;
  return { busy, run, failure, wrongPassword: wrongPassword ? t("settings.wrongPassword") : null };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-ui border border-line p-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </section>
  );
}

function NameSection({ t, user, saved }: SaveContext) {
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const save = useSave(t);
  const problem = checkName(firstName, lastName);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    await save.run(async () => {
      saved(
        await api.patch<SelfUser>("/users/self", { firstName: firstName.trim(), lastName: lastName.trim() }),
      );
    });
  };
  return (
    <Section title={t("settings.nameSection")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="settings-first-name"
            label={t("signUp.firstName")}
            value={firstName}
            autoComplete="given-name"
            onChange={(e) => setFirstName(e.target.value)}
          />
          <Field
            id="settings-last-name"
            label={t("signUp.lastName")}
            value={lastName}
            autoComplete="family-name"
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
        <p className={`text-sm ${problem ? "font-medium text-danger" : "text-muted"}`} aria-live="polite">
          {problem ? signUpMessage(problem) : t("signUp.nameHint")}
        </p>
        {save.failure}
        <div>
          <Button variant="primary" type="submit" disabled={save.busy || problem !== null}>
            {t("settings.saveName")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function UsernameSection({ t, user, saved }: SaveContext) {
  const navigate = useNavigate();
  const [username, setUsername] = useState(user.username);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const save = useSave(t);
  const unchanged = username.trim().toLowerCase() === user.username.toLowerCase();
  const availability = useUsernameAvailability(username, unchanged);
  const problem = checkUsername(username.trim());
  const error = problem
    ? signUpMessage(problem)
    : availability === "taken"
      ? signUpMessage("username_taken")
      : serverProblem;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || availability === "taken" || username.trim() === user.username) return;
    setServerProblem(null);
    const failure = await save.run(async () => {
      const updated = await api.patch<SelfUser>("/users/self", { username: username.trim() });
      saved(updated);
      navigate(`/profile/@${encodeURIComponent(updated.username)}/settings`, { replace: true });
    });
    if (failure instanceof ApiError && failure.fields?.username)
      setServerProblem(signUpMessage(failure.fields.username));
    else if (failure instanceof ApiError && failure.code === "username_taken")
      setServerProblem(signUpMessage("username_taken"));
  };
  return (
    <Section title={t("settings.usernameSection")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          id="settings-username"
          label={t("signUp.username")}
          value={username}
          autoComplete="username"
          hint={t("signUp.usernameHint")}
          error={error}
          note={!unchanged && !error && availability === "available" ? t("signUp.usernameAvailable") : null}
          onChange={(e) => setUsername(e.target.value)}
        />
        {save.failure}
        <div>
          <Button variant="primary" type="submit" disabled={save.busy || unchanged || error !== null}>
            {t("settings.saveUsername")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

interface SystemAvatar {
  id: number;
  locator: string;
}

function AvatarSection({ t, user, saved }: SaveContext) {
  const { data } = useQuery({
    queryKey: ["images", "system-avatars"],
    queryFn: ({ signal }) => api.get<{ systemAvatars: SystemAvatar[] }>("/images/system-avatars", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const avatars = data?.systemAvatars.slice(0, COUNTS.systemAvatars) ?? [];
  const current = avatars.find((avatar) => avatar.locator === user.avatar_locator)?.id ?? null;
  const [choice, setChoice] = useState<number | null>(null);
  const selected = choice ?? current;
  const save = useSave(t);
  const [small, large] = AVATAR_SIZES;
  const preview = avatars.find((avatar) => avatar.id === selected)?.locator ?? user.avatar_locator;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected === null) return;
    await save.run(async () => saved(await api.patch<SelfUser>("/users/self", { avatarId: selected })));
  };
  return (
    <Section title={t("settings.avatarSection")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {preview ? (
          <img
            src={fileUrl(preview)}
            alt={t("settings.currentAvatar")}
            width={large}
            height={large}
            className="rounded-full"
          />
        ) : null}
        <fieldset>
          <legend className="font-medium">{t("settings.avatarSection")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {avatars.map((avatar) => (
              <label key={avatar.id} className="cursor-pointer">
                <input
                  type="radio"
                  name="avatar"
                  value={avatar.id}
                  checked={selected === avatar.id}
                  onChange={() => setChoice(avatar.id)}
                  className="peer sr-only"
                />
                <img
                  src={fileUrl(avatar.locator)}
                  alt={t("settings.avatar", { n: String(avatar.id) })}
                  width={small}
                  height={small}
                  className="rounded-full border-4 border-transparent peer-checked:border-accent peer-focus-visible:outline-3 peer-focus-visible:outline-focus"
                />
              </label>
            ))}
          </div>
        </fieldset>
        {save.failure}
        <div>
          <Button
            variant="primary"
            type="submit"
            disabled={save.busy || selected === null || selected === current}
          >
            {t("settings.saveAvatar")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordSection({ t, user, saved }: SaveContext) {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const save = useSave(t);
  const problem = newPassword ? checkPassword(newPassword) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((user.has_password && !currentPassword) || checkPassword(newPassword)) return;
    const failure = await save.run(async () => {
      saved(
        await api.put<SelfUser>(
          "/users/self/password",
          user.has_password ? { currentPassword, newPassword } : { newPassword },
        ),
        t(user.has_password ? "settings.passwordChanged" : "settings.passwordSet"),
      );
    });
    if (!failure) {
      setCurrentPassword("");
      setNewPassword("");
    }
  };
  return (
    <Section title={t("settings.passwordSection")}>
      {user.password_expired ? (
        <p className="font-medium text-danger">{t("settings.passwordExpired")}</p>
      ) : null}
      {user.has_password ? null : <p>{t("settings.noPasswordYet")}</p>}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {user.has_password ? (
          <Field
            id="settings-current-password"
            label={t("settings.currentPassword")}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            error={save.wrongPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        ) : null}
        <Field
          id="settings-new-password"
          label={t("settings.newPassword")}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          hint={t("signUp.passwordHint")}
          error={problem ? signUpMessage(problem) : null}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        {save.failure}
        <div>
          <Button
            variant="primary"
            type="submit"
            disabled={
              save.busy || (user.has_password && !currentPassword) || checkPassword(newPassword) !== null
            }
          >
            {t(user.has_password ? "settings.savePassword" : "settings.setPassword")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function RecoverySection({ t, user, saved }: SaveContext) {
  const [email, setEmail] = useState(user.recovery_email ?? "");
  const save = useSave(t);
  const problem = email.trim() ? checkEmail(email.trim()) : null;
  const send = (recoveryEmail: string | null) =>
    save.run(async () => saved(await api.put<SelfUser>("/users/self/recovery-email", { recoveryEmail })));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || problem) return;
    await send(email.trim());
  };
  return (
    <Section title={t("settings.recoverySection")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          id="settings-recovery-email"
          label={t("settings.recoveryEmail")}
          type="email"
          autoComplete="email"
          value={email}
          hint={t("settings.recoveryHint")}
          error={problem ? signUpMessage(problem) : null}
          onChange={(e) => setEmail(e.target.value)}
        />
        {save.failure}
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" type="submit" disabled={save.busy || !email.trim() || problem !== null}>
            {t("settings.saveRecovery")}
          </Button>
          {user.recovery_email ? (
            <Button
              variant="secondary"
              disabled={save.busy}
              onClick={async () => {
                if (!(await send(null))) setEmail("");
              }}
            >
              {t("settings.removeRecovery")}
            </Button>
          ) : null}
        </div>
      </form>
    </Section>
  );
}

function PatternSection({ t, user, saved }: SaveContext) {
  const [pattern, setPattern] = useState<number[]>([]);
  const [password, setPassword] = useState("");
  const save = useSave(t);
  const ready = pattern.length >= PATTERN_LENGTH.min && password.length > 0;
  const done = (failure: unknown) => {
    if (failure) return;
    setPattern([]);
    setPassword("");
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    done(
      await save.run(async () =>
        saved(await api.put<SelfUser>("/users/self/security-pattern", { password, pattern })),
      ),
    );
  };
  return (
    <Section title={t("settings.patternSection")}>
      <p>{user.has_security_pattern ? t("settings.patternOn") : t("settings.patternOff")}</p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-muted">{t("pattern.intro")}</p>
        <div className="grid max-w-md grid-cols-7 gap-2">
          {Array.from({ length: COUNTS.patternImages }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the 14 images are fixed
              key={index}
              type="button"
              aria-label={t("pattern.image", { n: String(index + 1) })}
              disabled={pattern.length >= PATTERN_LENGTH.max}
              onClick={() => setPattern((current) => [...current, index])}
              className="aspect-square overflow-hidden rounded-ui border border-line disabled:opacity-60"
            >
              <img src={patternImageUrl(index)} alt="" className="h-full w-full object-cover" />
            </button>
          ))}
        </div>
        <p className="text-sm" aria-live="polite">
          {t("pattern.chosen", { count: String(pattern.length) })}
        </p>
        <div>
          <Button variant="secondary" onClick={() => setPattern([])} disabled={pattern.length === 0}>
            {t("pattern.clear")}
          </Button>
        </div>
        <Field
          id="settings-pattern-password"
          label={t("settings.patternPassword")}
          type="password"
          autoComplete="current-password"
          value={password}
          error={save.wrongPassword}
          onChange={(e) => setPassword(e.target.value)}
        />
        {save.failure}
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" type="submit" disabled={save.busy || !ready}>
            {t("settings.savePattern")}
          </Button>
          {user.has_security_pattern ? (
            <Button
              variant="secondary"
              disabled={save.busy || !password}
              onClick={async () =>
                done(
                  await save.run(async () =>
                    saved(await api.delete<SelfUser>("/users/self/security-pattern", { password })),
                  ),
                )
              }
            >
              {t("settings.removePattern")}
            </Button>
          ) : null}
        </div>
      </form>
    </Section>
  );
}

function DeactivateSection({ t, user, saved }: SaveContext) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState("");
  const save = useSave(t);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    await save.run(async () => {
      saved(await api.post<SelfUser>("/users/self/deactivate", { password }), "");
      await queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });
      navigate(statusPath(user.username));
    });
  };
  return (
    <Section title={t("settings.deactivateSection")}>
      <p>{t("settings.deactivateIntro")}</p>
      {asking ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <Field
            id="settings-deactivate-password"
            label={t("settings.deactivatePassword")}
            type="password"
            autoComplete="current-password"
            value={password}
            error={save.wrongPassword}
            onChange={(e) => setPassword(e.target.value)}
          />
          {save.failure}
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" type="submit" disabled={save.busy || !password}>
              {t("settings.deactivateConfirm")}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t("settings.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t("settings.deactivate")}
          </Button>
        </div>
      )}
    </Section>
  );
}

/** Ends every session of the account on the server, this one too, then signs out here. */
function SessionsSection({ t }: { t: T }) {
  const navigate = useNavigate();
  const save = useSave(t);
  const signOutEverywhere = () =>
    save.run(async () => {
      await api.post("/auth/logout-all", {});
      navigate("/logout");
    });
  return (
    <Section title={t("settings.sessionsSection")}>
      <p>{t("settings.sessionsIntro")}</p>
      {save.failure}
      <div>
        <Button variant="secondary" disabled={save.busy} onClick={signOutEverywhere}>
          {t("settings.signOutEverywhere")}
        </Button>
      </div>
    </Section>
  );
}

function VerifyEmailNotice({ t, user }: { t: T; user: SelfUser }) {
  const [state, setState] = useState<"idle" | "sent" | "failed">("idle");
  return (
    <div className="rounded-ui border-2 border-message bg-message p-4 text-message-text">
      <h2 className="font-bold">{t("settings.verifyEmail")}</h2>
      <p className="mt-1">{t("settings.verifyEmailBody", { email: user.email })}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() =>
          api.post("/auth/verification-email", {}).then(
            () => setState("sent"),
            () => setState("failed"),
          )
        }
      >
        {t("settings.resend")}
      </Button>
      <p role="status" className="mt-1 empty:hidden">
        {state === "sent" ? t("settings.resent") : state === "failed" ? t("save.failed") : ""}
      </p>
    </div>
  );
}

/** /profile/@{username}/settings: the signed-in user's own account, one section saved at a time. */
export default function SettingsPage() {
  const t = useAccountTexts();
  const session = useSession();
  const queryClient = useQueryClient();
  const sub = session?.claims.sub ?? "";
  const { data } = useQuery({
    queryKey: selfUserKey(sub),
    queryFn: ({ signal }) => api.get<SelfUser>("/users/self", { signal }),
    enabled: session !== null,
    staleTime: 60_000,
  });
  const user = data ?? session?.user ?? null;
  const [toast, setToast] = useState("");

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(""), TIMINGS.favoriteNoticeMs);
    return () => clearTimeout(timer);
  }, [toast]);

  const saved = useCallback(
    (updated: SelfUser | null, message?: string) => {
      if (updated) {
        storeUser(updated);
        queryClient.setQueryData(selfUserKey(sub), updated);
      }
      setToast(message ?? t("settings.saved"));
    },
    [queryClient, sub, t],
  );

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("settings.title")}</h1>
      <p
        role="status"
        aria-live="polite"
        className="fixed right-4 bottom-4 z-40 rounded-ui bg-ink px-4 py-2 text-paper empty:hidden"
      >
        {toast}
      </p>
      {user ? (
        <div className="mt-6 flex flex-col gap-6">
          {!user.email_verified ? <VerifyEmailNotice t={t} user={user} /> : null}
          <NameSection key={`name-${user.first_name}-${user.last_name}`} t={t} user={user} saved={saved} />
          <UsernameSection key={`username-${user.username}`} t={t} user={user} saved={saved} />
          <AvatarSection t={t} user={user} saved={saved} />
          <PasswordSection t={t} user={user} saved={saved} />
          <RecoverySection key={`recovery-${user.recovery_email ?? ""}`} t={t} user={user} saved={saved} />
          <PatternSection t={t} user={user} saved={saved} />
          <SessionsSection t={t} />
          <DeactivateSection t={t} user={user} saved={saved} />
        </div>
      ) : (
        <p className="mt-6 text-muted" aria-busy="true">
          …
        </p>
      )}
    </section>
  );
}
