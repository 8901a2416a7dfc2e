const pages = {
  about: {
    intro: "Who we are, where we are going, and the people who serve this church family.",
    leadersTitle: "Our Leaders",
    leaderPhotoAlt: "Portrait of {{name}}",
    valuesTitle: "Our Values",
    serviceTimesTitle: "Service Times",
    visitTitle: "Come and see",
    visitBody: "We would love to meet you. Plan your visit and we'll save you a seat.",
    visitCta: "Plan your visit",
    watchCta: "Watch online",
  },
  /**
   * Each page's heading and introduction until staff write their own (content block
   * `page.<slug>`, e.g. on an empty install): plain, true of any church.
   */
  intros: {
    "plan-visit": {
      title: "Plan Your Visit",
      intro: "We would love to meet you. Here is when we meet and how to find us.",
    },
    "join-church": {
      title: "Join the Church",
      intro: "Becoming a member starts with a conversation. Tell us a little about yourself and someone from the church will get in touch.",
    },
    "kingdom-builders-class": {
      title: "Kingdom Builders Class",
      intro: "A class for anyone who wants to know what we believe, how the church works and where they might serve.",
    },
    give: {
      title: "Give",
      intro: "Thank you for your generosity. Here are the ways you can give.",
    },
    store: {
      title: "Store",
      intro: "Books, Bibles and more from the church.",
    },
    auth: {
      title: "Member Sign In",
      intro:
        "Members sign in to share prayer requests, join groups and manage their giving. New here? Create an account in a minute, or keep browsing as a guest.",
    },
  },
  notFound: {
    metaTitle: "Page not found",
  },
  adminTest: {
    metaTitle: "Admin test page",
  },
};

export default pages;
