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
  notFound: {
    metaTitle: "Page not found",
  },
  adminTest: {
    metaTitle: "Admin test page",
  },
};

export default pages;
