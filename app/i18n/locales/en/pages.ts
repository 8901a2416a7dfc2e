const pages = {
  about: {
    leadersTitle: "Our Leaders",
    serviceTimesTitle: "Service Times",
    visitCta: "Plan your visit",
  },
};

export default pages;
