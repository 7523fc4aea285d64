// Package audio plays the game's sound effects.
//
// Every effect is synthesised in code (no sample files) and rendered to PCM once, when the
// [Player] is created; [Player.Play] only rewinds and starts a pre-made Ebitengine player, so
// it neither synthesises nor allocates and never waits for the sound device.
//
// A machine without a sound device must not stop the game: an Ebitengine audio context whose
// device cannot be opened makes ebiten.RunGame fail shortly after start. So before the
// context is created, [New] checks that a device can be opened the way Ebitengine's driver
// (Oto) will open it; if not, the game runs silently and [Player.Notice] explains why. The
// same happens when the game starts muted: no context is created until the player unmutes.
//
// Under exp/vmhost (the headless test harness) the game's audio is forwarded to the host even
// when the machine has no device, so a silent player opens the context there anyway, as soon
// as it learns it runs as a guest (at [Player.Update], called each tick, or the first Play);
// see [Bank.Identify] for telling the forwarded effects apart.
package audio
