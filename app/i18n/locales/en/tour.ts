/** The guided tour's steps and buttons (issue 9). */
const tour = {
  heading: "Guided tour",
  takeTour: "Take the tour",
  progress: "Step {{current}} of {{total}}",
  buttons: {
    back: "Back",
    close: "Close",
    next: "Next",
    last: "Finish Tour",
    skip: "Skip Tour",
  },
  steps: {
    home: {
      title: "Welcome!",
      text: "This quick tour shows you around the website. Select the church logo at any time to return to the home page.",
    },
    mainNav: { title: "Main menu", text: "Find Watch Live, Bible tools, events, our community and giving here." },
    resources: { title: "More resources", text: "Sermons, prayer requests, the store, classes and planning your visit are in this menu." },
    language: { title: "English or Spanish", text: "Switch the whole website between English and Spanish. Your choice is remembered." },
    watchLive: { title: "Watch live", text: "Join our services online, live or on replay, wherever you are." },
    account: { title: "Your account", text: "Open your account menu for your settings, to take this tour again or to sign out." },
    newHere: { title: "New here?", text: "Plan your first visit: service times, what to expect and how to find us." },
    footer: { title: "Stay in touch", text: "Our address, phone number and service times are always at the bottom of every page." },
    mobileMenu: { title: "Menu", text: "Open the menu for every page, your settings and this tour." },
  },
  errors: {
    signInRequired: "Please sign in to continue.",
    invalidRequest: "The request was not valid.",
    methodNotAllowed: "This method is not allowed.",
    rateLimited: "Too many requests. Please try again in {{minutes}} minutes.",
  },
};

export type TourStrings = typeof tour;
export default tour;
