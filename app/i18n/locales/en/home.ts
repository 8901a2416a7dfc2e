const home = {
  heroLabel: "Welcome",
};

export default home;
