import {
  AD_IMAGE_RULES,
  AD_TEXT_FIELDS,
  type AdTextField,
  type AdType,
  adTextLimit,
  checkAdTexts as checkAdTextRules,
  type Grade,
  type SiteImageKey,
} from "@market/domain";

export interface DemoUserSeed {
  username: string;
  first_name: string;
  last_name: string;
  role: "user" | "admin";
  is_master_account: boolean;
  avatar: number;
  /** Account age: the creators joined before their first resource, published up to a year ago. */
  joined_days_ago: number;
}

export const DEMO_USERS: readonly DemoUserSeed[] = [
  {
    username: "admin",
    first_name: "Avery",
    last_name: "Collins",
    role: "admin",
    is_master_account: true,
    avatar: 7,
    joined_days_ago: 420,
  },
  {
    username: "creator1",
    first_name: "Maria",
    last_name: "Lopez",
    role: "user",
    is_master_account: false,
    avatar: 3,
    joined_days_ago: 400,
  },
  {
    username: "creator2",
    first_name: "James",
    last_name: "Whitaker",
    role: "user",
    is_master_account: false,
    avatar: 12,
    joined_days_ago: 394,
  },
  {
    username: "creator3",
    first_name: "Priya",
    last_name: "Natarajan",
    role: "user",
    is_master_account: false,
    avatar: 20,
    joined_days_ago: 386,
  },
  {
    username: "teacher1",
    first_name: "Emily",
    last_name: "Chen",
    role: "user",
    is_master_account: false,
    avatar: 25,
    joined_days_ago: 240,
  },
  {
    username: "teacher2",
    first_name: "Daniel",
    last_name: "O'Brien",
    role: "user",
    is_master_account: false,
    avatar: 30,
    joined_days_ago: 75,
  },
];

/** The domain's minimum ad image sizes (spec 5), under the name the seed and its test use. */
export const AD_MIN_IMAGE: Readonly<Record<AdType, { readonly width: number; readonly height: number }>> =
  AD_IMAGE_RULES.minimum;

export interface DemoAdSeed {
  owner: string;
  ad_type: AdType;
  is_admin_ad?: boolean;
  title: string;
  subtitle?: string;
  subject?: string;
  description: string;
  statement: string;
  button?: string;
  discount_code?: string;
  business_name: string;
  initials: string;
  click_url: string;
  grades: Grade[];
  accent: string;
}

export const DEMO_ADS: readonly DemoAdSeed[] = [
  {
    owner: "creator1",
    ad_type: "1",
    title: "Math Centers Made Easy",
    description: "Forty hands-on math centers for grades 2 to 4, with recording sheets.",
    statement: "This ad was paid for by a member of the Lesson Loft community.",
    button: "See the centers",
    business_name: "Lopez Learning Lab",
    initials: "LL",
    click_url: "https://lopezlearninglab.example.com/math-centers",
    grades: ["2", "3", "4"],
    accent: "#1d4ed8",
  },
  {
    owner: "creator2",
    ad_type: "2",
    title: "Science Labs Kids Will Love",
    subtitle: "Hands-on, low-prep labs",
    subject: "Science",
    description: "Twelve printable labs with materials lists and rubrics.",
    statement: "Paid for by a member of the Lesson Loft community.",
    button: "Browse labs",
    business_name: "Whitaker Science",
    initials: "WS",
    click_url: "https://whitakerscience.example.com/labs",
    grades: ["5", "6", "7", "8"],
    accent: "#047857",
  },
  {
    owner: "creator1",
    ad_type: "3",
    title: "Free Phonics Warm-Ups",
    description:
      "Five-minute phonics warm-ups for every day of the school year. Start with a free week of slides.",
    statement: "Paid for by a Lesson Loft member.",
    button: "Get a free week",
    discount_code: "PHONICS5",
    business_name: "Lopez Learning Lab",
    initials: "LL",
    click_url: "https://lopezlearninglab.example.com/phonics",
    grades: ["K", "1", "2"],
    accent: "#b91c1c",
  },
  {
    owner: "creator2",
    ad_type: "4",
    title: "History Comes Alive",
    description: "Primary sources, ready to teach.",
    statement: "Paid for by a Lesson Loft member.",
    button: "Learn more",
    business_name: "Whitaker Science",
    initials: "WS",
    click_url: "https://whitakerscience.example.com/history",
    grades: ["8", "9", "10", "11", "12"],
    accent: "#7c2d12",
  },
  {
    owner: "creator2",
    ad_type: "5",
    title: "Summer Teacher Workshop",
    description:
      "Join three relaxed online sessions on project-based learning this summer. Leave with a complete unit plan and a community of teachers to try it with.",
    statement: "This ad was paid for by a member of the Lesson Loft community.",
    button: "Save my seat",
    discount_code: "SUMMER20",
    business_name: "Whitaker Science",
    initials: "WS",
    click_url: "https://whitakerscience.example.com/workshop",
    grades: ["Higher Education", "Adult Education"],
    accent: "#6d28d9",
  },
  {
    owner: "admin",
    ad_type: "1",
    is_admin_ad: true,
    title: "Keep Lesson Loft Free",
    description: "A small donation keeps thousands of free resources online for teachers.",
    statement: "A message from the Lesson Loft team.",
    button: "Donate today",
    business_name: "Lesson Loft",
    initials: "LL",
    click_url: "https://lessonloft.test/donate",
    grades: ["K", "1", "2", "3", "4", "5"],
    accent: "#0f766e",
  },
];

/**
 * Throws when a demo ad breaks a spec text rule (the domain's checkAdTexts), so a wording change
 * cannot seed invalid data. Every text field the seed gives is checked, an empty string included.
 */
export function checkAdTexts(ad: DemoAdSeed): void {
  const texts = ad as unknown as Partial<Record<AdTextField, string>>;
  const given = AD_TEXT_FIELDS.filter((field) => texts[field] !== undefined);
  const problems = checkAdTextRules(texts, ad.ad_type, given);
  for (const field of given) {
    const problem = problems[field];
    if (!problem) continue;
    const { min, max } = adTextLimit(field, ad.ad_type);
    const length = Array.from(texts[field]!.trim()).length;
    throw new Error(
      `demo ad "${ad.title}": ${field} is ${problem} (${length} characters, limit ${min} to ${max})`,
    );
  }
}

export interface HelpArticleSeed {
  name: string;
  short_title: string;
  long_title: string;
  body: string;
  image?: string;
  video?: string;
}

export const HELP_ARTICLES: readonly HelpArticleSeed[] = [
  {
    name: "getting-started",
    short_title: "Getting started",
    long_title: "Getting started with Lesson Loft",
    body:
      "Lesson Loft is a marketplace of teaching resources made by teachers, for teachers.\n\n" +
      "Browse the home page or search by grade, subject and type. Free resources download right away once you " +
      "are logged in; paid ones are yours after checkout and stay in your purchases for good.\n\n" +
      "Create a free account to favorite resources, follow the creators you like and get notified when they publish.",
    image: "resource-card-anatomy",
  },
  {
    name: "finding-resources",
    short_title: "Finding resources",
    long_title: "Finding the right resources for your class",
    body:
      "Use the filters to narrow the grid by grade, subject, type and price. Sort by newest, most downloaded or price.\n\n" +
      "Each card shows a preview, the grade and the price. Open a resource to see every preview page, the skills " +
      "and standards it covers and more from the same creator.",
  },
  {
    name: "selling-your-resources",
    short_title: "Selling resources",
    long_title: "Publishing and selling your resources",
    body:
      "Choose Publish to start the upload wizard. Add your files, at least three preview images for a paid " +
      "resource, a title, a description of 340 to 380 characters and the grades and subjects it suits.\n\n" +
      "A paid resource needs a premium file, which buyers receive after checkout. Prices run from $1 to $100 and you " +
      "can put a resource on sale for up to 30 days. Every new resource is reviewed before it is listed.",
    image: "upload-wizard-overview",
    video: "upload-walkthrough",
  },
  {
    name: "advertising-basics",
    short_title: "Advertising",
    long_title: "Advertising on Lesson Loft",
    body:
      "Ads come in five formats, from a small square to a large feature. Pick a format, add your image and text, " +
      "choose the grades you want to reach and set a daily budget.\n\n" +
      "Ads start at $1 a day. Every ad is reviewed before it runs, and you can follow its impressions and clicks each day.",
  },
  {
    name: "earnings-and-payouts",
    short_title: "Earnings and payouts",
    long_title: "Tips, earnings and payouts",
    body:
      "You keep 80% of every sale and all of every tip. Earnings become eligible for payout 14 days after the sale " +
      "or tip.\n\nOnce you have at least $10 eligible, request a payout from your earnings page.",
  },
  {
    name: "terms-of-service",
    short_title: "Terms of service",
    long_title: "Lesson Loft terms of service",
    body:
      "By using Lesson Loft you agree to these terms.\n\n" +
      "1. You may upload only materials you created or have the right to share.\n" +
      "2. Buyers receive a license to use a resource with their own students; resources may not be resold or shared publicly.\n" +
      "3. Creators keep the copyright in their work and grant Lesson Loft the right to display previews.\n" +
      "4. Ads and resources must be suitable for a school audience. We may remove anything that is not.\n" +
      "5. Payments are processed securely; card numbers are never stored by Lesson Loft.\n\n" +
      "We will tell you when these terms change and ask you to accept the new version.",
  },
];

export const PRO_TIPS: readonly { name: string; short_title: string; body: string }[] = [
  {
    name: "tip-three-previews",
    short_title: "Show three previews",
    body: "Resources with three clear preview pages get more downloads.",
  },
  {
    name: "tip-keywords",
    short_title: "Choose keywords",
    body: "Add the words teachers search for, like the skill and the grade.",
  },
  {
    name: "tip-free-sample",
    short_title: "Share a free sample",
    body: "A free resource is a great way for teachers to discover your paid ones.",
  },
  {
    name: "tip-sale-timing",
    short_title: "Time your sales",
    body: "Back-to-school weeks are the busiest time to run a sale.",
  },
  {
    name: "tip-follow-creators",
    short_title: "Follow creators",
    body: "Follow a creator to see their new resources first.",
  },
  {
    name: "tip-favorites",
    short_title: "Save favorites",
    body: "Tap the heart on any card to save it for later.",
  },
  {
    name: "tip-ad-grades",
    short_title: "Target your ads",
    body: "Pick only the grades your resource suits; focused ads get more clicks.",
  },
  {
    name: "tip-answer-keys",
    short_title: "Include answer keys",
    body: "Busy teachers love resources that come with an answer key.",
  },
];

export const HELP_IMAGES: readonly {
  name: string;
  short_title: string;
  alt: string;
  labels: readonly string[];
  accent: string;
}[] = [
  {
    name: "upload-wizard-overview",
    short_title: "The upload wizard",
    alt: "The three steps of the upload wizard: files, details and price",
    labels: ["Files", "Details", "Price"],
    accent: "#1d4ed8",
  },
  {
    name: "resource-card-anatomy",
    short_title: "A resource card",
    alt: "A resource card with its preview, grade and price labelled",
    labels: ["Preview", "Grade", "Price"],
    accent: "#047857",
  },
];

export const HELP_VIDEO = {
  name: "upload-walkthrough",
  short_title: "Upload walkthrough",
  long_title: "Video: publishing your first resource",
  video_name: "upload-walkthrough.mp4",
  video_size_bytes: 18_874_368,
} as const;

/** Page names for the site-image banners (their admin titles); the keys are the domain's SITE_IMAGE_KEYS. */
export const SITE_IMAGE_PAGES: Record<SiteImageKey, string> = {
  admin: "Admin",
  advertising: "Advertising",
  donate: "Donate",
  earnings: "Earnings",
  favorites: "Favorites",
  "first-tip": "First tip",
  following: "Following",
  help: "Help",
  helpbook: "Help book",
  login: "Login",
  logout: "Logout",
  new: "New",
  offers: "Offers",
  portfolio: "Portfolio",
  publishing: "Publishing",
  "resource-not-found": "Resource not found",
  resources: "Resources",
  "sign-up": "Sign up",
  support: "Support",
  welcome: "Welcome",
};
