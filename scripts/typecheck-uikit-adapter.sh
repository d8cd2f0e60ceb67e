#!/bin/sh
# Type-checks Sources/GestureRecorder/UIKitAdapter.swift on a machine without UIKit, against the stub
# in Tests/Fixtures/uikit-stub (the UIKit declarations the adapter uses). #selector and @objc need
# the Objective-C runtime, which Linux lacks, so a copy of the adapter is checked with them replaced.
# This catches typos and type errors; it is not a build against the real UIKit.
#
#   scripts/typecheck-uikit-adapter.sh        (after `swift build`, whose modules it uses)
set -eu
SWIFT=${SWIFT:-swift}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MODULES="$("$SWIFT" build --scratch-path "$ROOT/.build" --show-bin-path)/Modules"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
swiftc -parse-as-library -emit-module -module-name UIKit -swift-version 6 \
    "$ROOT/Tests/Fixtures/uikit-stub/UIKit.swift" -emit-module-path "$WORK/UIKit.swiftmodule"
sed -e 's/#selector(RecognizerObserver.fired(_:))/Selector()/g' -e 's/@objc //' \
    -e 's/^#if canImport(UIKit)//' -e 's/^#endif//' \
    "$ROOT/Sources/GestureRecorder/UIKitAdapter.swift" > "$WORK/UIKitAdapter.swift"
CORE=$(ls "$ROOT"/Sources/GestureRecorder/*.swift | grep -v UIKitAdapter.swift)
# shellcheck disable=SC2086
swiftc -typecheck -parse-as-library -module-name GestureRecorder -swift-version 6 -warnings-as-errors \
    -I "$WORK" -I "$MODULES" $CORE "$WORK/UIKitAdapter.swift"
echo "UIKitAdapter.swift type-checks against the UIKit stub"
