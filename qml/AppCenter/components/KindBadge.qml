import QtQuick
import QtQuick.Controls

// How urgent an update is, as a small coloured label: security updates stand out in red,
// bug fixes and enhancements are quieter, normal updates show nothing.
Rectangle {
    id: badge

    // PackageKit's update kind: security, important, bugfix, enhancement, low or normal.
    property string severity: "normal"

    //: Badge of an update that fixes a security problem
    readonly property string label: badge.severity === "security" ? qsTr("Security")
                                  : badge.severity === "important" ? qsTr("Important")
                                  : badge.severity === "bugfix" ? qsTr("Bug fix")
                                  : badge.severity === "enhancement" ? qsTr("Enhancement")
                                  : ""

    visible: badge.label !== ""
    implicitWidth: text.implicitWidth + 12
    implicitHeight: text.implicitHeight + 4
    radius: height / 2
    color: badge.severity === "security" ? "#da4453"
         : badge.severity === "important" ? "#f67400"
         : "transparent"
    border.width: badge.severity === "security" || badge.severity === "important" ? 0 : 1
    border.color: badge.palette.mid
    Accessible.role: Accessible.StaticText
    Accessible.name: badge.label

    Label {
        id: text
        anchors.centerIn: parent
        text: badge.label
        font.pixelSize: 11
        font.bold: badge.severity === "security" || badge.severity === "important"
        color: badge.severity === "security" || badge.severity === "important"
               ? "white" : badge.palette.windowText
    }
}
