import QtQuick
import QtQuick.Controls

// The keyboard focus ring: a border in the theme's focus colour around its parent while the
// parent has keyboard focus (a control's visualFocus, which a mouse click does not set; any
// other item's activeFocus). Styles such as Fusion draw none on list entries and tool buttons.
Rectangle {
    id: ring

    readonly property Control control: ring.parent as Control
    // Set for items that are not controls (lists, the carousel): when to show.
    property bool shown: ring.control !== null ? ring.control.visualFocus
                                               : (ring.parent !== null && ring.parent.activeFocus)

    objectName: "focusRing"
    anchors.fill: parent
    z: 100
    visible: ring.shown
    color: "transparent"
    radius: Theme.focusWidth * 2
    border.width: Theme.focusWidth
    border.color: Theme.focus
    Accessible.ignored: true
}
