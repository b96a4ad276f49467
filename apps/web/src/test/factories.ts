import type { Ad, ResourceCard, ResourceDetail, SelfUser } from "@market/domain";
import type { ResponseOf } from "../api/client.ts";

export function makeSelfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: "u1",
    username: "ada",
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    role: "user",
    is_master_account: false,
    is_deactivated: false,
    donation_date: null,
    avatar_locator: null,
    email_verified: true,
    recovery_email: null,
    has_security_pattern: false,
    has_password: true,
    password_expired: false,
    ref_code: "AB12CD34",
    billing: { organisation: null, address: null, taxId: null },
    permissions: {
      controls: true,
      payments: true,
      messages: true,
      upload: true,
      editing: true,
      advertise: true,
    },
    ...overrides,
  };
}

export function makeCard(overrides: Partial<ResourceCard> = {}): ResourceCard {
  const id = overrides.id ?? "r1";
  return {
    id,
    name: `resource-${id}`,
    title: `Resource ${id}`,
    subtitle: null,
    grade: "3",
    subject_area: "Math",
    type: "Worksheet",
    price: 0,
    sale_price: null,
    sale_end: null,
    cover_locator: null,
    downloadCount: 0,
    is_featured: false,
    backgroundColor: null,
    excluded_colors: [],
    creator: { id: "c1", username: "grace", first_name: "Grace", avatar_locator: null },
    updated_at: "2026-01-05T10:00:00.000Z",
    rating: { average: null, count: 0 },
    isBundle: false,
    includedResourceIds: [],
    ...overrides,
  };
}

export function makeCards(count: number, from = 1): ResourceCard[] {
  return Array.from({ length: count }, (_, index) => makeCard({ id: `r${from + index}` }));
}

export function makeDetail(overrides: Partial<ResourceDetail> = {}): ResourceDetail {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    name: "fractions-bingo",
    title: "Fractions Bingo",
    display: null,
    subtitle: "A game for the whole class",
    subject_area: "Math",
    description: 'Play bingo with fractions.<br>See <a href="/resources/decimals">decimals</a> too.',
    keywordsArray: ["bingo"],
    skillsArray: ["Comparing fractions"],
    standardsArray: ["CCSS.MATH.3.NF.A.1"],
    grade: "3",
    reading_levels: "Grade 3",
    type: "Game",
    price: 0,
    sale_price: null,
    sale_end: null,
    seat_price: null,
    approval_status: "approved",
    status: "listed",
    is_featured: false,
    downloadCount: 1234,
    updated_at: "2026-01-05T10:00:00.000Z",
    backgroundColor: null,
    excluded_colors: [],
    users_model: { id: "c1", username: "grace", first_name: "Grace", avatar_locator: null },
    isFavorited: false,
    isCreatorFollowed: false,
    isOwned: false,
    rating: { average: null, count: 0 },
    resources_files_models: [{ id: "f1", name: "bingo.pdf", size_bytes: 2_400_000, is_premium_file: false }],
    resources_previews_models: [
      { id: "p2", order_index: 2, size_bytes: 1000, locator: "previews/p2.png" },
      { id: "p1", order_index: 1, size_bytes: 1000, locator: "previews/p1.png" },
    ],
    isBundle: false,
    includedResourceIds: [],
    bundle: null,
    inBundles: [],
    seatPriceCents: 0,
    licensedBy: null,
    ...overrides,
  };
}

type UserSummary = ResponseOf<"GET /users/:id/summary">["user"];

export function makeSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: "c1",
    username: "grace",
    first_name: "Grace",
    avatar_locator: null,
    resourceCount: 40,
    followerCount: 1500,
    isFollowedByMe: false,
    rating: { average: null, count: 0 },
    joined: "2025-03-04",
    ...overrides,
  };
}

/** An advertiser's type 1 ad being created, complete; override what a test needs. */
export function makeAd(overrides: Partial<Ad> = {}): Ad {
  return {
    id: "ad1",
    ad_type: "1",
    approval_status: "creating",
    running_status: null,
    derivedStatus: "creating",
    editable: true,
    spendEditable: true,
    missing: [],
    title: "Reading kits",
    subtitle: null,
    subject: null,
    statement: "Paid for by Kits Co",
    description: "Phonics for every room",
    button: "See kits",
    business_name: null,
    business_image: null,
    discount_code: null,
    code: null,
    css_override: null,
    click_url: "https://kits.example.com",
    image_url: null,
    image_name: null,
    image_fit: "fill",
    image_focus_x: 50,
    image_focus_y: 50,
    spend_per_day: 500,
    run_days_total: 7,
    gradesArray: [],
    isAdminAd: false,
    is_free_user_only: false,
    deletable: true,
    review_comment: null,
    starts_at: null,
    ends_at: null,
    stats: { impressions: 0, clicks: 0, spend: 0 },
    ...overrides,
  };
}
