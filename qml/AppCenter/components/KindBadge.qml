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
    implicitWidth: text.implicitWidth + Theme.largeSpacing
    implicitHeight: text.implicitHeight + Theme.spacing / 2
    radius: height / 2
    color: badge.severity === "security" ? Theme.negative
         : badge.severity === "important" ? Theme.warning
         : "transparent"
    border.width: badge.severity === "security" || badge.severity === "important" ? 0 : 1
    border.color: Theme.outline
    Accessible.role: Accessible.StaticText
    Accessible.name: badge.label

    Label {
        id: text
        textFormat: Text.PlainText
        anchors.centerIn: parent
        text: badge.label
        font.pointSize: Theme.smallSize
        font.bold: badge.severity === "security" || badge.severity === "important"
        color: badge.severity === "security" ? Theme.negativeText
             : badge.severity === "important" ? Theme.warningText
             : Theme.text
    }
}
