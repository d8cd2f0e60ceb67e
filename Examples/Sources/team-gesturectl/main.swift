import GestureCLI
import MyGestures

// The whole of a team's gesturectl: every command, with the team's kinds and delegates.
gesturectlMain(registry: myGestures)
