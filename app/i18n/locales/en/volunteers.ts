/** Volunteer sign-ups on /community and their admin section (issue 7). Only the routes that use it load it. */
const volunteers = {
  heading: "Serve with us",
  intro:
    "Every ministry here runs on volunteers. Find a place that fits your gifts and your week, and tell us you'd like to help: a ministry leader will get in touch.",
  empty: "No ministries are looking for volunteers right now. Please check back soon.",
  listLabel: "Ministries looking for volunteers",
  when: "When",
  signUpHere: "Sign up for {{ministry}}",
  alreadyServing: "You have signed up for this ministry.",
  form: {
    heading: "Sign up to volunteer",
    intro: "Choose a ministry and tell us when you are available. Fields marked required must be filled in.",
    memberIntro: "We filled in your name and email from your account; change them if you need to.",
    signInPrompt: "Have an account?",
    signIn: "Sign in to fill in your details",
    ministry: "Ministry",
    name: "Your name",
    email: "Email",
    phone: "Phone",
    availability: "When are you available?",
    availabilityHint: "For example: Sunday mornings, once a month, weekday evenings.",
    message: "Anything else we should know?",
    required: "(required)",
    optional: "(optional)",
    submit: "Sign up to serve",
    sending: "Sending…",
    errorSummary: "Please correct the fields marked below.",
  },
  success:
    "Thank you, {{name}}! You signed up for {{ministry}}. We sent a confirmation to {{email}} and a ministry leader will contact you soon.",
  errors: {
    invalidRequest: "The request could not be read. Please try again.",
    ministry: "Choose a ministry.",
    name: "Enter your name.",
    nameLength: "Keep your name under 120 characters.",
    email: "Enter a valid email address, like name@example.com.",
    phone: "Enter a valid phone number, or leave it empty.",
    availability: "Tell us when you are available (up to 500 characters).",
    message: "Keep the message under 2,000 characters.",
    notFound: "That ministry is not taking volunteers right now. Please choose another one.",
    alreadySignedUp: "You have already signed up for {{ministry}}. Thank you! A ministry leader will be in touch.",
    rateLimited: "Too many sign-ups. Please try again in {{minutes}} minutes.",
  },
};

export type VolunteersStrings = typeof volunteers;
export default volunteers;
