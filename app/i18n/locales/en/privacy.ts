/**
 * The privacy page (/privacy), the data download's notes and the account-deletion email.
 * Kept out of the main locale chunk: only /privacy and the server load it.
 */
const privacy = {
  page: {
    title: "Privacy",
    metaDescription: "What {{church}} collects on this website, why, how long it is kept, and how to download or delete your data.",
    intro: "How {{church}} uses the information you share on this website, how long we keep it, and how you can download or delete it.",
    onThisPage: "On this page",
    responsible: {
      heading: "Who looks after your information",
      body: "{{church}} runs this website and is responsible for the information you share on it. If you have a question or a request about your information, contact us (details at the end of this page).",
    },
    collect: {
      heading: "What we collect and why",
      intro:
        "We only keep what you give us and what the site needs to work. We don't sell your information, we don't show ads and we don't use tracking or analytics services.",
      items: {
        account: {
          title: "Your account",
          body: "Your name, email address or phone number, and your password (stored only as a one-way hash that nobody can read). If you turn on two-factor authentication, the key for your authenticator app. Why: so you can sign in and we can reach you.",
        },
        profile: {
          title: "Your profile and the members directory",
          body: "Display name, username, phone, the language for our emails and texts, and your membership status as the church office records it. Other members see you in the directory only if you choose to be listed, and only the details you choose.",
        },
        prayer: {
          title: "Prayer requests",
          body: "What you write, its category, who may see it (everyone, members, or only the pastoral team) and who is praying. The pastoral team reads every request, including private ones, to care for you and reply.",
        },
        activities: {
          title: "Events, groups, classes and serving",
          body: "Event registrations and your answers to their questions, study-group membership, membership-class sign-ups, membership applications, visit and meeting requests, and volunteer sign-ups, so staff can organise them and contact you.",
        },
        community: {
          title: "Community",
          body: "Discussions and replies you post, photos you send for the gallery, live-chat messages and reports you make about posts.",
        },
        giving: {
          title: "Giving and the store",
          body: "Gifts, recurring gifts and orders: amount, fund or items, your name, email, phone and, for orders that are shipped, the address. Card payments are made on Stripe's secure page: we never see or store your card number.",
        },
        study: {
          title: "Study",
          body: "Your reading-plan progress, study notes and saved prayers. Only you can see them.",
        },
        messages: {
          title: "Emails and text messages",
          body: "A copy of each email and text the site sends you (receipts, reminders, sign-in links), so a message that fails is sent again. The copy is deleted {{days}} days after it was sent.",
        },
        security: {
          title: "Security",
          body: "The browsers and devices you are signed in on (browser, operating system and IP address), and counters that limit repeated attempts, to protect your account. Every sign-in to the admin portal and every change made there is logged.",
        },
        notStored: {
          title: "What we don't keep",
          body: "Questions you ask the church assistant and prayers you compose with the prayer generator are not stored, unless you save a prayer yourself.",
        },
      },
    },
    sharing: {
      heading: "Who can see it",
      staff:
        "Church staff see what they need for their ministry: for example, the prayer team sees prayer requests and the office sees registrations and gifts.",
      members:
        "Other members see only what is meant to be shared: public posts, requests for members, and your directory entry if you chose to be listed.",
      providers:
        "To send emails and texts and to take payments, the church may use an email service, Twilio (text messages) and Stripe (payments). They receive only what they need to deliver the message or payment. Sermon videos from YouTube use its privacy-enhanced mode.",
    },
    retention: {
      heading: "How long we keep it",
      intro: "These periods are set by the church and applied automatically every hour.",
      wallPrayer:
        "Public and members-only prayer requests: shown on the prayer wall for {{wallDays}} days, then deleted {{days}} days after they leave the wall.",
      privatePrayer: "Private prayer requests (pastoral team only): deleted {{days}} days after the pastoral team last worked on them.",
      chat: "Live-chat messages: deleted {{days}} days after they were posted.",
      messages: "Copies of emails and texts sent to you: deleted {{days}} days after they were sent.",
      assistant: "Church assistant conversations: not stored at all.",
      sessions: "Sign-ins: a sign-in ends after 30 days without a visit; ended sign-ins are deleted a day later.",
      account: "Your account and everything else: until you delete your account.",
      accounting:
        "Gifts and store orders: kept for the church's financial records and tax receipts. When you delete your account they are kept without your name, email, phone or address.",
    },
    cookies: {
      heading: "Cookies and storage in your browser",
      intro: "We use only what the site needs to work. No advertising, analytics or tracking cookies.",
      name: "Name",
      purpose: "What it does",
      lasts: "How long",
      session: "Keeps you signed in.",
      sessionLasts: "30 days after your last visit",
      twoFactor: "Remembers your sign-in while you type the code from your authenticator app.",
      twoFactorLasts: "A few minutes",
      admin: "Keeps staff signed in to the admin portal.",
      adminLasts: "Until the browser closes (at most 8 hours)",
      language: "Remembers the language you chose.",
      languageLasts: "1 year",
      cart: "Remembers a visitor's store cart.",
      cartLasts: "60 days",
      storage:
        "Your browser also keeps a few settings on your device (not sent to us): the language you chose, whether you saw the welcome message, guest mode and when you dismissed the install prompt.",
    },
    rights: {
      heading: "Your choices",
      download:
        "Download your data: Account settings → Download your data gives you a file (JSON) with everything the site keeps about you. Passwords and security codes are never included.",
      delete:
        "Delete your account: Account settings → Delete account. It signs you out everywhere and removes your account, profile, prayer requests, registrations, sign-ups, group memberships, notes and chat messages. Your discussions stay, shown as “A member”; gifts and orders stay without your name for the church's accounts; recurring gifts are cancelled. We email you to confirm.",
      correct: "Correct your details at any time in Account settings, and choose what the members directory shows.",
      emails: "Stop bulk emails with the unsubscribe link in each one, and turn off emails when someone prays for your request.",
      office: "Staff notes about you are not part of the download. Ask the church office if you want a copy of anything else we keep.",
      settingsLink: "Go to Account settings",
    },
    contact: {
      heading: "Contact",
      intro: "Questions or requests about your information:",
      email: "Email: {{email}}",
      phone: "Phone: {{phone}}",
      addressLabel: "Address",
      /** Instead of the details while the church has not entered any. */
      none: "The church's contact details will be posted here soon.",
    },
    updated: "The retention periods on this page are the ones the church has set today.",
  },
  export: {
    about: "Everything the {{church}} website keeps about you, as of the moment you downloaded it. Dates are in UTC; amounts are in cents.",
    notIncluded:
      "Not included, for your security: your password (only a one-way hash is stored), sign-in and session tokens, your two-factor key and backup codes. Staff notes are not included: ask the church office for them.",
    rateLimited: "You have downloaded your data several times in the last hour. Please try again in {{minutes}} minutes.",
    backToSettings: "Back to Account settings",
  },
  email: {
    subject: "Your account at {{church}} has been deleted",
    heading: "Your account has been deleted",
    greetingNoName: "Hi,",
    intro: "As you asked, we deleted your account at {{church}} on {{date}}. You have been signed out on every device.",
    removed:
      "We removed your profile, sign-in details, prayer requests, registrations, sign-ups, group memberships, saved prayers, study notes and chat messages.",
    kept: "Your discussions stay, shown as “A member”. Gifts and store orders are kept for the church's financial records, without your name or contact details.",
    recurring: "Your recurring gifts were cancelled: no further payments will be taken.",
    notYou: "If you didn't ask for this, please contact the church office.",
    closing: "Thank you for being part of our church family. You're always welcome back.",
    visit: "Visit our website",
    sms: "{{church}}: your account has been deleted as you asked. If this wasn't you, please call the church office.",
  },
};

export default privacy;
export type PrivacyStrings = typeof privacy;
